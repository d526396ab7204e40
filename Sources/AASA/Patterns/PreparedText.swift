/// One URL part turned into what patterns compare against, once, so that many patterns can be
/// tried on it without converting again.
///
/// A URL part has up to four forms, depending on the component's settings: as written or
/// percent-decoded (`percentEncoded`), and as is or case-folded (`caseSensitive`). Prepare each form
/// a URL needs once (``PreparedURLPart`` does it lazily) and hand it to ``Pattern/matches(_:)``.
///
/// Preparation order: take the Unicode scalars as written, percent-decode them (when
/// `percentEncoded` is `false`), normalize the path (paths only), fold case (when `caseSensitive`
/// is `false`). Decoding comes before normalization, so in the decoded form `%2F` is a `/` and
/// `/a%2F%2Fb` becomes `/a/b/`; in the encoded form `%2F` is three ordinary characters.
public struct PreparedText: Sendable, Hashable, CustomStringConvertible {
  /// The Unicode scalar values patterns are compared with.
  public let scalars: [UInt32]
  /// The part of the URL this text came from.
  public let part: PatternPart
  /// Whether the text is as written (`true`) or percent-decoded (`false`).
  public let percentEncoded: Bool
  /// Whether the text is case-folded, for case-insensitive patterns.
  public let caseFolded: Bool

  /// Prepares `text` (the URL part as it appears in the URL: no leading `?` or `#`; an absent part
  /// is `""`) for patterns of `part` with the given settings.
  public init(
    _ text: Substring, part: PatternPart, percentEncoded: Bool = true, caseSensitive: Bool = true
  ) {
    var scalars = Self.scalarValues(of: text)
    if !percentEncoded {
      scalars = PercentDecoding.decode(scalars)
    }
    if part.normalizesAsPath {
      PathNormalization.normalize(&scalars)
    }
    if !caseSensitive {
      CaseFolding.fold(&scalars)
    }
    self.scalars = scalars
    self.part = part
    self.percentEncoded = percentEncoded
    self.caseFolded = !caseSensitive
  }

  /// Prepares `text`; see ``init(_:part:percentEncoded:caseSensitive:)-(Substring,_,_,_)``.
  public init(
    _ text: String, part: PatternPart, percentEncoded: Bool = true, caseSensitive: Bool = true
  ) {
    self.init(
      Substring(text), part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
  }

  /// The Unicode scalar values of `text`, with room for the two slashes normalization may add.
  private static func scalarValues(of text: Substring) -> [UInt32] {
    // Most URL parts are ASCII: copy their bytes straight into the array.
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt32]? in
      guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
      return [UInt32](unsafeUninitializedCapacity: bytes.count + 2) { buffer, count in
        for index in 0..<bytes.count {
          buffer[index] = UInt32(bytes[index])
        }
        count = bytes.count
      }
    }
    if let ascii, let ascii { return ascii }
    var scalars: [UInt32] = []
    scalars.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars { scalars.append(scalar.value) }
    return scalars
  }

  /// The prepared text as a string, for messages and debugging.
  public var description: String {
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars.compactMap(Unicode.Scalar.init))
    return result
  }
}

/// The four forms of one URL part, each prepared on first use.
///
/// The matcher keeps one of these per URL part while it tries the rules for one URL.
public struct PreparedURLPart: Sendable {
  /// The part as it appears in the URL.
  public let raw: Substring
  /// Which part of the URL this is.
  public let part: PatternPart
  private var forms: [PreparedText?] = [nil, nil, nil, nil]

  /// Wraps `raw`, the part as it appears in the URL (`""` when absent).
  public init(_ raw: Substring, part: PatternPart) {
    self.raw = raw
    self.part = part
  }

  /// The form for a component's settings, prepared now if this is its first use.
  public mutating func text(percentEncoded: Bool, caseSensitive: Bool) -> PreparedText {
    let slot = (percentEncoded ? 0 : 2) + (caseSensitive ? 0 : 1)
    if let form = forms[slot] { return form }
    let form = PreparedText(
      raw, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
    forms[slot] = form
    return form
  }
}

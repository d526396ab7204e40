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
    if let scalars = Self.preparedASCII(
      text, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
    {
      self.scalars = scalars
    } else {
      var scalars = Self.scalarValues(of: text)
      if !percentEncoded {
        scalars = ComponentPercentDecoding.decode(scalars)
      }
      if part.normalizesAsPath {
        PathNormalization.normalize(&scalars)
      }
      if !caseSensitive {
        CaseFolding.fold(&scalars)
      }
      self.scalars = scalars
    }
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

  /// The prepared form of an ASCII part that needs no decoding, made without the general steps'
  /// extra passes and arrays (the common case); nil for anything else. Folding before normalizing
  /// is safe here: ASCII folding never touches `/` or `*`.
  private static func preparedASCII(
    _ text: Substring, part: PatternPart, percentEncoded: Bool, caseSensitive: Bool
  ) -> [UInt32]? {
    var text = text
    var prepared: [UInt32]?
    // The closure returns nothing: a generic result of `[UInt32]?` would instantiate its type
    // metadata at run time on every call.
    text.withUTF8 { bytes in
      guard let start = bytes.baseAddress, !bytes.isEmpty else {
        prepared = part.normalizesAsPath ? [PathNormalization.slash] : []
        return
      }
      // Branch-free loops over raw bytes (no bounds checks), which the compiler vectorizes.
      var allBits: UInt8 = 0
      var percentSigns: UInt8 = 0
      var slashRuns: UInt8 = 0
      for index in 0..<bytes.count {
        let byte = start[index]
        allBits |= byte
        percentSigns |= byte == UInt8(ascii: "%") ? 1 : 0
      }
      if part.normalizesAsPath {
        for index in 1..<max(1, bytes.count) {
          let isSlash: UInt8 = start[index] == UInt8(ascii: "/") ? 1 : 0
          let followsSlash: UInt8 = start[index - 1] == UInt8(ascii: "/") ? 1 : 0
          slashRuns |= isSlash & followsSlash
        }
      }
      guard allBits < 0x80, percentEncoded || percentSigns == 0 else { return }
      var scalars = [UInt32](unsafeUninitializedCapacity: bytes.count + 2) { buffer, count in
        if caseSensitive {
          for index in 0..<bytes.count { buffer[index] = UInt32(start[index]) }
        } else {
          for index in 0..<bytes.count {
            buffer[index] = CaseFolding.foldASCII(UInt32(start[index]))
          }
        }
        count = bytes.count
      }
      guard part.normalizesAsPath else {
        prepared = scalars
        return
      }
      if scalars.count > 1, scalars[0] == PathNormalization.slash, slashRuns == 0 {
        let last = scalars[scalars.count - 1]
        if last != PathNormalization.slash && last != PathNormalization.star {
          scalars.append(PathNormalization.slash)
        }
      } else {
        PathNormalization.normalize(&scalars)
      }
      prepared = scalars
    }
    return prepared
  }

  /// The Unicode scalar values of `text`, with room for the two slashes normalization may add.
  private static func scalarValues(of text: Substring) -> [UInt32] {
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
  // Four stored forms rather than an array of them: an array would cost an allocation per URL part.
  private var encodedSensitive: PreparedText?
  private var encodedFolded: PreparedText?
  private var decodedSensitive: PreparedText?
  private var decodedFolded: PreparedText?

  /// Wraps `raw`, the part as it appears in the URL (`""` when absent).
  public init(_ raw: Substring, part: PatternPart) {
    self.raw = raw
    self.part = part
  }

  /// Calls `body` with the scalars of the form for a component's settings, prepared now if this is
  /// its first use, read in place: the matcher's way, as returning the form copies it and counts a
  /// reference to its storage per rule tried.
  mutating func withScalars<Result>(
    percentEncoded: Bool, caseSensitive: Bool, _ body: (UnsafeBufferPointer<UInt32>) -> Result
  ) -> Result {
    switch (percentEncoded, caseSensitive) {
    case (true, true):
      if encodedSensitive == nil { encodedSensitive = prepared(true, true) }
      return encodedSensitive!.scalars.withUnsafeBufferPointer(body)
    case (true, false):
      if encodedFolded == nil { encodedFolded = prepared(true, false) }
      return encodedFolded!.scalars.withUnsafeBufferPointer(body)
    case (false, true):
      if decodedSensitive == nil { decodedSensitive = prepared(false, true) }
      return decodedSensitive!.scalars.withUnsafeBufferPointer(body)
    case (false, false):
      if decodedFolded == nil { decodedFolded = prepared(false, false) }
      return decodedFolded!.scalars.withUnsafeBufferPointer(body)
    }
  }

  private func prepared(_ percentEncoded: Bool, _ caseSensitive: Bool) -> PreparedText {
    PreparedText(raw, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
  }

  /// The form for a component's settings, prepared now if this is its first use.
  public mutating func text(percentEncoded: Bool, caseSensitive: Bool) -> PreparedText {
    let (raw, part) = (self.raw, self.part)
    func form(_ slot: inout PreparedText?) -> PreparedText {
      if let form = slot { return form }
      let form = PreparedText(
        raw, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
      slot = form
      return form
    }
    switch (percentEncoded, caseSensitive) {
    case (true, true): return form(&encodedSensitive)
    case (true, false): return form(&encodedFolded)
    case (false, true): return form(&decodedSensitive)
    case (false, false): return form(&decodedFolded)
    }
  }
}

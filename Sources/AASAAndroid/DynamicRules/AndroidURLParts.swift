import AASACore

/// The parts of a URL that dynamic rules look at, as `android.net.Uri` hands them over:
/// `getPath()`, `getQuery()` and `getFragment()`, **decoded**, in UTF-16 code units.
///
/// Android decodes before matching, so a pattern is written unencoded (`"/a b"` matches `/a%20b`),
/// `%2F` becomes `/`, and `+` stays `+`. The query is decoded first and split afterwards, so an
/// encoded `%26` splits a parameter in two. The host never takes part.
public struct AndroidURLParts: Hashable, Sendable {
  /// The URL as given.
  public let text: String
  /// The decoded path; `""` when the URL has none (`https://example.com`).
  public let path: [UInt16]
  /// The decoded query without its `?`, or nil when the URL has no `?`.
  public let query: [UInt16]?
  /// The query's parameters as a QUERY filter sees them (``queryParameters(of:)``).
  public let parameters: [[UInt16]]
  /// The decoded fragment without its `#`, or nil when the URL has no `#`.
  public let fragment: [UInt16]?

  /// Reads a full URL (`https://example.com/a?b#c`) or a path with its query and fragment
  /// (`/a?b#c`).
  public init(_ text: String) {
    self.text = text
    let bytes = Array(text.utf8)
    let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
    let beforeFragment = bytes[..<(hash ?? bytes.endIndex)]
    let question = beforeFragment.firstIndex(of: UInt8(ascii: "?"))
    var hierarchical = beforeFragment[..<(question ?? beforeFragment.endIndex)]
    hierarchical = Self.dropSchemeAndAuthority(hierarchical)
    path = Self.decode(hierarchical)
    let decodedQuery = question.map { Self.decode(beforeFragment[($0 + 1)...]) }
    query = decodedQuery
    parameters = decodedQuery.map(Self.queryParameters(of:)) ?? []
    fragment = hash.map { Self.decode(bytes[($0 + 1)...]) }
  }

  /// The path part of `scheme://authority/path`: everything from the first `/` after the
  /// authority; the whole text when there is no scheme.
  private static func dropSchemeAndAuthority(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard
      let colon = text.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }),
      text[colon] == UInt8(ascii: ":"), colon > text.startIndex
    else { return text }
    let afterScheme = text[(colon + 1)...]
    guard afterScheme.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) else {
      return afterScheme
    }
    let authority = afterScheme.dropFirst(2)
    let pathStart = authority.firstIndex(of: UInt8(ascii: "/")) ?? authority.endIndex
    return authority[pathStart...]
  }

  /// `Uri.decode`: `%XX` escapes (either hex case) decoded as UTF-8, `+` left alone; a malformed
  /// escape or invalid UTF-8 becomes U+FFFD.
  static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt16] {
    guard bytes.contains(UInt8(ascii: "%")) else {
      return Array(String(decoding: bytes, as: UTF8.self).utf16)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        if index + 2 < bytes.endIndex, let high = HexDigit.value(bytes[index + 1]),
          let low = HexDigit.value(bytes[index + 2])
        {
          decoded.append(high << 4 | low)
          index += 3
          continue
        }
        decoded += [0xEF, 0xBF, 0xBD]
        index += 1
        continue
      }
      decoded.append(byte)
      index += 1
    }
    return Array(String(decoding: decoded, as: UTF8.self).utf16)
  }

  /// `UriRelativeFilter`'s split of a decoded query: on `&`; only when that gives one piece, on
  /// `;` instead; empty pieces at the end dropped, as Java's `String.split` does.
  /// `a=1&` is therefore the single parameter `a=1&`.
  static func queryParameters(of query: [UInt16]) -> [[UInt16]] {
    let byAmpersand = javaSplit(query, on: UInt16(UInt8(ascii: "&")))
    return byAmpersand.count == 1 ? javaSplit(query, on: UInt16(UInt8(ascii: ";"))) : byAmpersand
  }

  /// `String.split(String)` for a one-character separator: trailing empty pieces dropped; a text
  /// without the separator (or empty) is one piece.
  private static func javaSplit(_ text: [UInt16], on separator: UInt16) -> [[UInt16]] {
    guard text.contains(separator) else { return [text] }
    var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(Array.init)
    while let last = pieces.last, last.isEmpty { pieces.removeLast() }
    return pieces
  }
}

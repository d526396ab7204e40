/// A deep link cut into what routing reads: `scheme://host/path?query`.
///
/// - The host is the first segment, compared as written (not decoded, case kept).
/// - Path segments are split on `/`, empty ones dropped (trailing and doubled slashes are
///   ignored), and percent-decoded.
/// - The query is split on `&`; only items with exactly one `=` count (`a=b=c` and a bare `flag`
///   are ignored); values are percent-decoded, names compared as written.
/// - A fragment (`#…`) is not part of the query and is ignored.
/// - A link without `scheme:` is read as if it had one (`data/5` as `x://data/5`), so tables can
///   leave the scheme out; a link `scheme:path` without `//` has no host.
public struct DeepLink: Sendable {
  public struct QueryItem: Sendable, Hashable {
    public var name: String
    public var value: String
  }

  /// The link as given.
  public let text: String
  public let scheme: String?
  /// The segments as written (host first), for showing a trimmed link.
  public let rawSegments: [Substring]
  /// The segments as matched: the host as written, the path's segments decoded.
  public let segments: [String]
  /// The query as written, without its `?`, kept through trimming.
  public let query: Substring?
  public let queryItems: [QueryItem]

  public init(_ text: String) {
    self.text = text
    // Cut on bytes: every delimiter is ASCII, and grapheme-by-grapheme slicing costs more than
    // the routing itself.
    let bytes = text.utf8
    var end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    var query: Substring?
    if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
      query = text[bytes.index(after: question)..<end]
      end = question
    }
    var rest = bytes.startIndex..<end
    var scheme: String?
    var host: Substring?
    if let colon = bytes[rest].firstIndex(of: UInt8(ascii: ":")),
      Self.isScheme(bytes[rest.lowerBound..<colon])
    {
      scheme = String(text[rest.lowerBound..<colon])
      rest = bytes.index(after: colon)..<end
      if bytes[rest].starts(with: "//".utf8) {
        let authorityStart = bytes.index(rest.lowerBound, offsetBy: 2)
        let authorityEnd =
          bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
        var authority = authorityStart..<authorityEnd
        if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")) {
          authority = bytes.index(after: at)..<authorityEnd
        }
        // A port (`:8080`) is not part of the host, as NSURL and Uri report it.
        if let colon = bytes[authority].lastIndex(of: UInt8(ascii: ":")),
          bytes[bytes.index(after: colon)..<authorityEnd].allSatisfy({
            $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")
          })
        {
          authority = authority.lowerBound..<colon
        }
        host = text[authority]
        rest = authorityEnd..<end
      }
    } else {
      // No scheme: the first segment stands for the host.
      let start =
        bytes[rest].firstIndex(where: { $0 != UInt8(ascii: "/") }) ?? rest.upperBound
      let hostEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      host = text[start..<hostEnd]
      rest = hostEnd..<end
    }
    var raw: [Substring] = []
    var decoded: [String] = []
    if let host, !host.isEmpty {
      raw.append(host)
      decoded.append(String(host))
    }
    for part in text[rest].utf8.split(separator: UInt8(ascii: "/")) {
      let segment = Substring(part)
      raw.append(segment)
      decoded.append(LinkPercentDecoding.decode(segment))
    }
    self.scheme = scheme
    self.rawSegments = raw
    self.segments = decoded
    self.query = query
    var items: [QueryItem] = []
    if let query {
      for item in query.utf8.split(separator: UInt8(ascii: "&")) {
        let parts = item.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
        guard parts.count == 2 else { continue }
        items.append(
          QueryItem(
            name: String(Substring(parts[0])),
            value: LinkPercentDecoding.decode(Substring(parts[1]))))
      }
    }
    self.queryItems = items
  }

  /// The link cut to its first `count` segments, with its query: how a trimmed link is shown.
  public func trimmed(to count: Int) -> String {
    var out = scheme.map { $0 + "://" } ?? ""
    out += rawSegments.prefix(count).joined(separator: "/")
    if let query { out += "?" + query }
    return out
  }

  private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
    guard let first = bytes.first, Self.isLetter(first) else { return false }
    return bytes.allSatisfy {
      Self.isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
    }
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
}

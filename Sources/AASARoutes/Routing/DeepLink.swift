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
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    var query: Substring?
    if let question = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: question)...]
      rest = rest[..<question]
    }
    var scheme: String?
    var host: Substring?
    if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
      scheme = String(rest[..<colon])
      rest = rest[rest.index(after: colon)...]
      if rest.hasPrefix("//") {
        rest = rest.dropFirst(2)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<end]
        if let at = authority.lastIndex(of: "@") {
          authority = authority[authority.index(after: at)...]
        }
        // A port (`:8080`) is not part of the host, as NSURL and Uri report it.
        if let colon = authority.lastIndex(of: ":"),
          authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
          authority = authority[..<colon]
        }
        host = authority
        rest = rest[end...]
      }
    } else {
      // No scheme: the first segment stands for the host.
      let trimmed = rest.drop(while: { $0 == "/" })
      let end = trimmed.firstIndex(of: "/") ?? trimmed.endIndex
      host = trimmed[..<end]
      rest = trimmed[end...]
    }
    var raw: [Substring] = []
    var decoded: [String] = []
    if let host, !host.isEmpty {
      raw.append(host)
      decoded.append(String(host))
    }
    for part in rest.split(separator: "/", omittingEmptySubsequences: true) {
      raw.append(part)
      decoded.append(PercentDecoding.decode(part))
    }
    self.scheme = scheme
    self.rawSegments = raw
    self.segments = decoded
    self.query = query
    var items: [QueryItem] = []
    if let query {
      for item in query.split(separator: "&", omittingEmptySubsequences: true) {
        let parts = item.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2 else { continue }
        items.append(QueryItem(name: String(parts[0]), value: PercentDecoding.decode(parts[1])))
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

  private static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.first, first.isASCII, first.isLetter else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }
}

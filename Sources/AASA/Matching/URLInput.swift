/// A URL or a bare path to route, split into the parts Apple matches, still percent-encoded.
///
/// `"/videos/x?a=1#top"` and `"https://example.com/videos/x?a=1#top"` both work; only the full
/// form has a host. The fragment starts at the first `#`, the query at the first `?` before it.
public struct URLInput: Hashable, Sendable {
  /// The input as given.
  public var text: String
  /// The host of a full URL, lower-cased; nil for a bare path.
  public var host: String?
  /// The raw path (may be empty).
  public var path: Substring
  /// The raw query without `?`, nil when there is no `?`.
  public var query: Substring?
  /// The raw fragment without `#`, nil when there is no `#`.
  public var fragment: Substring?

  public init(_ text: String) {
    self.text = text
    var rest = Substring(text)
    if let hash = rest.firstIndex(of: "#") {
      fragment = rest[rest.index(after: hash)...]
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://"),
      !rest[..<colon].contains("/")
    {
      let authorityAndPath = rest[rest.index(colon, offsetBy: 3)...]
      let slash = authorityAndPath.firstIndex(of: "/") ?? authorityAndPath.endIndex
      var authority = authorityAndPath[..<slash]
      if let at = authority.lastIndex(of: "@") {
        authority = authority[authority.index(after: at)...]
      }
      if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
        authority = authority[...close]
      } else if let colon = authority.lastIndex(of: ":") {
        authority = authority[..<colon]
      }
      var hostName = authority.lowercased()
      if hostName.hasSuffix(".") { hostName.removeLast() }
      host = hostName
      rest = authorityAndPath[slash...]
    }
    path = rest
  }
}

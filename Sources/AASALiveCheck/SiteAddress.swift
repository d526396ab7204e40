import Foundation

/// The site a live check is aimed at: `https://host[:port]`, from the URL the user typed.
///
/// Apple fetches the association file only over HTTPS, from the host itself, so anything but the
/// scheme, host and port of the URL is ignored. A path is allowed (people paste a page's URL) but
/// plays no part.
public struct SiteAddress: Sendable, Hashable, CustomStringConvertible {
  /// Why a URL cannot name a site to check.
  public struct InvalidURL: Error, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "\(url) is not a site to check: \(reason)" }
  }

  /// The host as written, lower-cased, without brackets around an IPv6 literal.
  public var host: String
  public var port: Int

  public init(host: String, port: Int = 443) {
    self.host = host.lowercased()
    self.port = port
  }

  /// Parses `https://example.com`, `https://example.com:8443/any/page` or a bare `example.com`.
  public init(parsing text: String) throws(InvalidURL) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
    guard let components = URLComponents(string: withScheme) else {
      throw InvalidURL(url: text, reason: "it cannot be parsed as a URL")
    }
    guard components.scheme?.lowercased() == "https" else {
      throw InvalidURL(
        url: text, reason: "Apple fetches the file only over https, not \(components.scheme ?? "")")
    }
    guard var host = components.host, !host.isEmpty else {
      throw InvalidURL(url: text, reason: "it has no host")
    }
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if components.user != nil || components.password != nil {
      throw InvalidURL(url: text, reason: "Apple's fetcher sends no credentials; remove them")
    }
    if let port = components.port, !(1...65535).contains(port) {
      throw InvalidURL(url: text, reason: "the port \(port) is out of range")
    }
    self.init(host: host, port: components.port ?? 443)
  }

  /// Whether the host is an IP address literal rather than a name (no SNI, an IP SAN instead).
  public var hostIsIPAddress: Bool {
    var ipv4 = in_addr()
    var ipv6 = in6_addr()
    return inet_pton(AF_INET, host, &ipv4) == 1 || inet_pton(AF_INET6, host, &ipv6) == 1
  }

  /// `https://host` or `https://host:port`, IPv6 literals in brackets.
  public var origin: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return port == 443 ? "https://\(shownHost)" : "https://\(shownHost):\(port)"
  }

  /// The `Host` header for this site: the host, with the port unless it is 443.
  public var hostHeader: String {
    let shownHost = host.contains(":") ? "[\(host)]" : host
    return port == 443 ? shownHost : "\(shownHost):\(port)"
  }

  /// The full URL of `path` (which starts with `/`) on this site.
  public func url(_ path: String) -> String { origin + path }

  public var description: String { origin }

  /// The same site named with a trailing dot (`example.com.`): the fully qualified form, which
  /// Google's Digital Asset Links API uses for sites.
  public var withTrailingDot: SiteAddress {
    host.hasSuffix(".") || hostIsIPAddress ? self : SiteAddress(host: host + ".", port: port)
  }
}

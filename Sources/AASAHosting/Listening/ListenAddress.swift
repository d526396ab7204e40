/// Where a plain listener listens (`--admin`, `--validator`, `aasa-lint web --listen`),
/// HOST:PORT: an IPv4 address or host name, or an IPv6 address in brackets.
public struct ListenAddress: Sendable, Equatable {
  public var host: String
  public var port: Int

  public init(host: String, port: Int) {
    self.host = host
    self.port = port
  }

  /// Parses `127.0.0.1:9090`, `localhost:9090` or `[::1]:9090`.
  public init?(_ text: String) {
    guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
      (0...65535).contains(port)
    else { return nil }
    var host = String(text[..<colon])
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { return nil }
    self.init(host: host, port: port)
  }
}

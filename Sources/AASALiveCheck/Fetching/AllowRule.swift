/// One `--allow` rule of a ``FetchPolicy``: `10.20.0.0/16`, `192.0.2.7`, `[fd00::]/8`,
/// `staging.example.com`, `*.internal.example`, each optionally `:PORT`. A rule without a port
/// allows any port of what it names; with one, that port only.
public struct AllowRule: Sendable, Hashable, CustomStringConvertible {
  public struct Invalid: Error, CustomStringConvertible {
    public var argument: String
    public var reason: String
    public var description: String { "\(argument): \(reason)" }
  }

  enum Target: Sendable, Hashable {
    /// An address range: its first bytes and prefix length.
    case network([UInt8], prefix: Int)
    case host(String)
    /// `*.example.com`: any name under it (not the name itself).
    case subdomains(String)
  }

  let target: Target
  public let port: Int?
  public let description: String

  public init(parsing text: String) throws(Invalid) {
    func invalid(_ reason: String) -> Invalid { Invalid(argument: text, reason: reason) }
    var rest = Substring(text.lowercased())
    var port: Int?
    // A port follows the last colon, outside brackets; a bare IPv6 address has no port.
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]") else { throw invalid("an unclosed [") }
      let after = rest[rest.index(after: close)...]
      var range = after
      if let colon = after.lastIndex(of: ":") {
        port = Int(after[after.index(after: colon)...])
        guard port != nil else { throw invalid("the port is not a number") }
        range = after[..<colon]
      }
      rest = Substring(String(rest[rest.index(after: rest.startIndex)..<close]) + range)
    } else if rest.filter({ $0 == ":" }).count == 1, let colon = rest.lastIndex(of: ":") {
      port = Int(rest[rest.index(after: colon)...])
      guard port != nil else { throw invalid("the port is not a number") }
      rest = rest[..<colon]
    }
    if let port, !(1...65535).contains(port) { throw invalid("the port is not 1-65535") }
    self.port = port
    self.description = text
    if let slash = rest.firstIndex(of: "/") {
      let addressText = String(rest[..<slash])
      guard let prefix = Int(rest[rest.index(after: slash)...]),
        let bytes = AddressPolicy.ipv4Dotted(addressText) ?? AddressPolicy.ipv6(addressText),
        (0...(bytes.count * 8)).contains(prefix)
      else { throw invalid("write a CIDR as ADDRESS/BITS, e.g. 10.20.0.0/16 or [fd00::]/8") }
      target = .network(bytes, prefix: prefix)
    } else if let bytes = AddressPolicy.ipv4Dotted(String(rest)) ?? AddressPolicy.ipv6(String(rest))
    {
      target = .network(bytes, prefix: bytes.count * 8)
    } else if rest.hasPrefix("*.") {
      let domain = String(rest.dropFirst(2))
      guard Self.isHostName(domain) else { throw invalid("\(domain) is not a host name") }
      target = .subdomains(domain)
    } else {
      guard Self.isHostName(String(rest)) else {
        throw invalid("write a CIDR, an address, a host or *.domain, optionally with :PORT")
      }
      target = .host(String(rest))
    }
  }

  /// Whether it allows `host` (lowercased, no trailing dot), resolved to `address`, on `port`.
  func allows(host: String, address: [UInt8], port: Int) -> Bool {
    if let own = self.port, own != port { return false }
    switch target {
    case .network(let network, let prefix):
      return Self.contains(network, prefix: prefix, address)
    case .host(let name): return host == name
    case .subdomains(let domain): return host.hasSuffix("." + domain)
    }
  }

  static func contains(_ network: [UInt8], prefix: Int, _ address: [UInt8]) -> Bool {
    guard network.count == address.count else { return false }
    var bits = prefix
    for index in network.indices where bits > 0 {
      let take = min(8, bits)
      let mask = UInt8(truncatingIfNeeded: 0xff << (8 - take))
      if network[index] & mask != address[index] & mask { return false }
      bits -= take
    }
    return true
  }

  static func isHostName(_ text: String) -> Bool {
    !text.isEmpty && text.utf8.count <= 253
      && text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
        (1...63).contains(label.count)
          && label.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
          }
      }
  }
}

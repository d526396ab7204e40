/// `--connect-to HOST:PORT:ADDRESS:PORT`, as curl's: requests for HOST:PORT go to ADDRESS:PORT
/// instead, while the TLS handshake, the certificate's judgement and the `Host` header stay those
/// of HOST. It checks a name against another server, e.g. staging before a DNS change.
///
/// An empty HOST or PORT matches any; an empty ADDRESS or PORT keeps the site's. An IPv6 address
/// is written in brackets: `example.com:443:[::1]:8443`.
public struct ConnectTo: Sendable, Hashable, CustomStringConvertible {
  public struct InvalidArgument: Error, CustomStringConvertible {
    public var argument: String
    public var reason: String
    public var description: String { "\(argument): \(reason)" }
  }

  public var host: String?
  public var port: Int?
  public var address: String?
  public var addressPort: Int?

  public init(host: String?, port: Int?, address: String?, addressPort: Int?) {
    self.host = host?.lowercased()
    self.port = port
    self.address = address
    self.addressPort = addressPort
  }

  public init(parsing text: String) throws(InvalidArgument) {
    let fields = Self.fields(text)
    guard fields.count == 4 else {
      throw InvalidArgument(
        argument: text,
        reason: "write HOST:PORT:ADDRESS:PORT, e.g. example.com:443:staging.example.net:443")
    }
    func port(_ field: String) throws(InvalidArgument) -> Int? {
      if field.isEmpty { return nil }
      guard let value = Int(field), (1...65535).contains(value) else {
        throw InvalidArgument(argument: text, reason: "\"\(field)\" is not a port (1-65535)")
      }
      return value
    }
    func host(_ field: String) -> String? {
      let unbracketed =
        field.hasPrefix("[") && field.hasSuffix("]") ? String(field.dropFirst().dropLast()) : field
      return unbracketed.isEmpty ? nil : unbracketed
    }
    self.init(
      host: host(fields[0]), port: try port(fields[1]), address: host(fields[2]),
      addressPort: try port(fields[3]))
  }

  /// Splits on `:` outside brackets.
  private static func fields(_ text: String) -> [String] {
    var fields: [String] = [""]
    var inBrackets = false
    for character in text {
      switch character {
      case "[": inBrackets = true
      case "]": inBrackets = false
      case ":" where !inBrackets:
        fields.append("")
        continue
      default: break
      }
      fields[fields.count - 1].append(character)
    }
    return fields
  }

  /// Whether it applies to `site`.
  public func applies(to site: SiteAddress) -> Bool {
    (host == nil || host == site.host) && (port == nil || port == site.port)
  }

  /// Where to connect for `site`.
  public func target(for site: SiteAddress) -> (host: String, port: Int) {
    (address ?? site.host, addressPort ?? site.port)
  }

  public var description: String {
    func shown(_ host: String?) -> String {
      guard let host else { return "" }
      return host.contains(":") ? "[\(host)]" : host
    }
    return [
      shown(host), port.map(String.init) ?? "", shown(address), addressPort.map(String.init) ?? "",
    ]
    .joined(separator: ":")
  }
}

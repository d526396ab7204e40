import NIOCore
import NIOPosix

/// What a fetch made for someone else may reach (the validator page: docs/validator.md): `https`
/// on port 443 of public addresses, unless the operator allowed more at start-up with rules
/// (``AllowRule``).
///
/// The host is resolved once and its address judged by ``AddressPolicy`` (every notation of
/// every internal range); the caller then connects to that address (``vet(host:port:)``'s
/// answer, given to ``LiveCheckOptions/pinnedAddress`` or ``RemoteFile``), so a second DNS
/// answer cannot send the fetch elsewhere. Nothing in a request can add a rule.
public struct FetchPolicy: Sendable {
  /// The operator's rules, in the order given.
  public var rules: [AllowRule]
  /// How names are resolved: ``NameLookup/shared`` (tests give their own).
  public var lookup: NameLookup

  public init(rules: [AllowRule] = [], lookup: NameLookup = .shared) {
    self.rules = rules
    self.lookup = lookup
  }

  /// Why a fetch is refused: a stable code, the rule that refused it, and the rules that would lift
  /// it. The words that name a flag belong to the program that has the flag (the validator's set-up
  /// words them), as every library message here speaks of values, not of a command line.
  public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// `blocked-address` or `blocked-port`.
    public var code: String
    public var message: String
    /// ``AllowRule`` texts that would allow the fetch, the narrowest first: the address, then a
    /// network around it, then the host's name (`203.0.113.7`, `203.0.0.0/16`, `host`), or
    /// `host:port` for a port.
    public var liftingRules: [String] = []
    /// The fix when no rule lifts the refusal (a name that resolves to no address).
    public var fix: String?
    /// The address a name resolved to, for the operator's log only: ``message`` and
    /// ``liftingRules`` never name it, so that a refusal does not map internal names to
    /// addresses for whoever asks (the security review's F10).
    public var resolvedAddress: String?
    public var description: String { message }
  }

  /// Nil when `host:port`, resolved to `address` (its bytes, 4 or 16), may be fetched. Pure: no
  /// name is resolved and no socket opened, so the tables are tested as they are.
  public func refusal(host: String, port: Int, address: [UInt8]) -> Refusal? {
    let host = Self.normalized(host)
    if rules.contains(where: { $0.allows(host: host, address: address, port: port) }) {
      return nil
    }
    let shown = AddressPolicy.text(address)
    if let found = Self.classify(address) {
      // An address the request wrote is the request's own; the one a name resolved to is said
      // only by its kind, and lifted by the name.
      guard host != shown else {
        return Refusal(
          code: "blocked-address",
          message: "\(shown) is \(found.kind.words), which this validator does not fetch from",
          liftingRules: [shown, Self.cidrExample(address)])
      }
      return Refusal(
        code: "blocked-address",
        message:
          "\(host) resolves to \(found.kind.words), which this validator does not fetch from",
        liftingRules: [host], resolvedAddress: shown)
    }
    if port != 443 {
      return Refusal(
        code: "blocked-port",
        message: "port \(port) of \(host): this validator fetches only port 443 (https)",
        liftingRules: ["\(host):\(port)"])
    }
    return nil
  }

  /// Whether one of the operator's rules names `host:port` or the `address` (4 or 16 bytes) it
  /// resolved to: what a target of `aasa-lint exporter` must be, where the validator's page also
  /// fetches public sites no rule names. Pure, as ``refusal(host:port:address:)``.
  public func listed(host: String, port: Int, address: [UInt8]) -> Bool {
    let host = Self.normalized(host)
    return rules.contains { $0.allows(host: host, address: address, port: port) }
  }

  /// An address's bytes (4 or 16) from its usual text, `203.0.113.7` or `2001:db8::1`; nil for
  /// anything else.
  public static func addressBytes(_ text: String) -> [UInt8]? {
    AddressPolicy.ipv4Dotted(text) ?? AddressPolicy.ipv6(text)
  }

  /// Resolves `host` once and judges its first address; returns the address to connect to (its
  /// usual text, `203.0.113.7` or `2001:db8::1`). The lookup is ``lookup``'s: a cancelled caller
  /// (a request at its deadline) stops waiting for it at once. Throws a ``Refusal``, the
  /// resolver's error for a name that resolves to nothing (worded by ``ConnectionProblem``:
  /// "cannot resolve HOST"), ``NameLookup/Busy``, or `CancellationError`.
  public func vet(host: String, port: Int) async throws -> String {
    var name = Self.normalized(host)
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    // An address written as one is judged as it is, without a lookup: no thread and no lookup
    // place for it (the places are shared, and a refusal must not wait for one). Only a dotted
    // quad in its usual form: `010.0.0.1` or `0x7f.1` are left to the resolver, which reads
    // them as a connection would.
    if let bytes = AddressPolicy.ipv6(name)
      ?? AddressPolicy.ipv4Dotted(name).flatMap({ AddressPolicy.text($0) == name ? $0 : nil })
    {
      if let refusal = refusal(host: name, port: port, address: bytes) { throw refusal }
      return AddressPolicy.text(bytes)
    }
    let resolved = try await lookup.address(of: name, port: port)
    guard let text = resolved.ipAddress,
      let bytes = AddressPolicy.ipv4Dotted(text) ?? AddressPolicy.ipv6(text)
    else {
      throw Refusal(
        code: "blocked-address", message: "\(host) did not resolve to an IP address",
        fix: "check the host name")
    }
    if let refusal = refusal(host: name, port: port, address: bytes) { throw refusal }
    return AddressPolicy.text(bytes)
  }

  /// An address's kind of internal, or nil for a public address.
  static func classify(_ address: [UInt8]) -> AddressPolicy.Internal? {
    address.count == 4
      ? AddressPolicy.classify(ipv4: address) : AddressPolicy.classify(ipv6: address)
  }

  static func normalized(_ host: String) -> String {
    var host = host.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    return host
  }

  private static func cidrExample(_ address: [UInt8]) -> String {
    address.count == 4
      ? "\(address[0]).\(address[1]).0.0/16"
      : AddressPolicy.text(Array(address[0..<8]) + [UInt8](repeating: 0, count: 8)) + "/64"
  }

}

extension AddressPolicy {
  /// An address's usual text: `127.0.0.1`, `::1`.
  public static func text(_ bytes: [UInt8]) -> String {
    bytes.count == 4 ? bytes.map(String.init).joined(separator: ".") : ipv6Text(bytes)
  }

  /// A strict dotted quad (what a resolver prints), or nil.
  static func ipv4Dotted(_ text: String) -> [UInt8]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return nil }
    var bytes: [UInt8] = []
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let byte = UInt8(part)
      else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}

/// Which sites Apple's CDN can fetch from: public names and addresses, with certificates that
/// public roots trust. For the others a CDN answer would only say "no copy", so it is not asked.
enum CDNReach {
  /// Why Apple's CDN cannot fetch this site, or nil when it can.
  static func unreachableReason(_ site: SiteAddress, systemTrust: Bool) -> String? {
    let host = site.host
    if let kind = addressKind(host) {
      return "\(host) is \(kind), which Apple's CDN cannot reach"
    }
    if host == "localhost" || !host.contains(".")
      || privateSuffixes.contains(where: { host.hasSuffix($0) })
    {
      return "\(host) is not a public name, so Apple's CDN cannot fetch from it"
    }
    if !systemTrust {
      return
        "the site is trusted through its own roots, not public ones, so Apple's CDN could not fetch from it"
    }
    return nil
  }

  /// Names that never resolve in public DNS (RFC 6761, RFC 6762, RFC 8375, ICANN's `.internal`).
  static let privateSuffixes = [
    ".localhost", ".local", ".internal", ".test", ".invalid", ".home.arpa", ".lan", ".corp",
  ]

  /// "a loopback address", "a private address", …, or nil for a public address or a name, in
  /// every notation an address can be written in (``AddressPolicy``).
  static func addressKind(_ host: String) -> String? {
    // Names (`localhost`) are judged as names, above.
    guard AddressPolicy.ipv4(host) != nil || host.contains(":") else { return nil }
    return AddressPolicy().classify(host).map { $0.kind.words }
  }
}

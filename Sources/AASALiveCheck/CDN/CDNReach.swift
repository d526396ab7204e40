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

  /// "a loopback address", "a private address", …, or nil for a public address or a name.
  static func addressKind(_ host: String) -> String? {
    let octets = host.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
    if octets.count == 4, octets.allSatisfy({ $0 != nil }) {
      let a = Int(octets[0]!)
      let b = Int(octets[1]!)
      switch (a, b) {
      case (127, _): return "a loopback address"
      case (10, _), (172, 16...31), (192, 168): return "a private address"
      case (169, 254): return "a link-local address"
      case (100, 64...127): return "a shared (carrier-grade NAT) address"
      case (0, _): return "an unspecified address"
      default: return nil
      }
    }
    guard host.contains(":") else { return nil }
    let lower = host.lowercased()
    if lower == "::1" { return "a loopback address" }
    if lower == "::" { return "an unspecified address" }
    if lower.hasPrefix("fc") || lower.hasPrefix("fd") { return "a private address" }
    if lower.hasPrefix("fe8") || lower.hasPrefix("fe9") || lower.hasPrefix("fea")
      || lower.hasPrefix("feb")
    {
      return "a link-local address"
    }
    return nil
  }
}

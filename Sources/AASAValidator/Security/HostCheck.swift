import AASALiveCheck

/// The DNS-rebinding guard: a page on another site can make a browser resolve its own name to
/// this listener's address, but the browser still sends that name as `Host`. So requests are
/// answered only when `Host` names the listener: an IP address literal (which no rebinding can
/// produce), `localhost`, the name it was told to listen on, or a name given with `--host-name`
/// (`aasa-serve --validator-name`) for a team's DNS name or a reverse proxy. The port is not
/// compared: a proxy may forward from another.
struct HostCheck: Sendable {
  /// Lowercased names, without port.
  var names: Set<String>

  init(listenHost: String, extraNames: [String]) {
    var names: Set<String> = ["localhost"]
    names.insert(listenHost.lowercased())
    for name in extraNames { names.insert(name.lowercased()) }
    self.names = names
  }

  /// Whether `host` (the header's value) names this listener.
  func accepts(_ host: String?) -> Bool {
    guard var host = host?.lowercased(), !host.isEmpty else { return false }
    // Drop the port: after the bracket of an IPv6 literal, or after the only colon.
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return false }
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else {
        return false
      }
      host = String(host[host.index(after: host.startIndex)..<close])
      return AddressPolicy.ipv6(host) != nil || names.contains(host)
    }
    if let colon = host.firstIndex(of: ":") {
      let port = host[host.index(after: colon)...]
      guard !port.isEmpty, port.allSatisfy(\.isNumber) else { return false }
      host = String(host[..<colon])
    }
    if host.hasSuffix(".") { host.removeLast() }
    if names.contains(host) { return true }
    // A dotted quad only: `0x7f.1` and friends are names a rebinding page could not get sent
    // anyway, but nothing needs them.
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4
      && parts.allSatisfy {
        (1...3).contains($0.count) && $0.allSatisfy(\.isNumber) && UInt8($0) != nil
      }
  }

  /// Whether an `Origin` header (absent for CI clients, present for browsers) is this page's
  /// own: its host and port are the request's `Host`.
  static func originMatches(_ origin: String?, host: String?) -> Bool {
    guard let origin else { return true }
    guard let host, !host.isEmpty else { return false }
    let lowered = origin.lowercased()
    for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
      return lowered.dropFirst(scheme.count) == host.lowercased()
    }
    return false
  }
}

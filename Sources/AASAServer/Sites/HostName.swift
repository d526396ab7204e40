/// Host names as sites and certificates are keyed by them: lower case, no port, no trailing dot.
/// `Example.COM:8443`, `example.com.` and `example.com` all name the site `example.com`.
enum HostName {
  /// The site key for a `Host` header or `:authority` value; nil when nothing names a host.
  static func key(forAuthority authority: Substring) -> String? {
    var host = authority
    if host.first == "[" {
      // An IPv6 literal: `[::1]:8443`. Brackets are kept, so the key matches a folder `[::1]`.
      guard let close = host.firstIndex(of: "]") else { return nil }
      host = host[...close]
    } else if let colon = host.lastIndex(of: ":") {
      host = host[..<colon]
    }
    return key(forName: host)
  }

  /// The key for a bare name (an SNI value, a folder name, a certificate's DNS name).
  static func key(forName name: Substring) -> String? {
    var host = name
    if host.last == "." { host = host.dropLast() }
    // One trailing dot is the root of a fully qualified name; a second ends an empty label,
    // which names no host (and would make a key with a trailing dot).
    guard !host.isEmpty, host.last != "." else { return nil }
    // Most requests already send the host in lower case: no copy to make then.
    if !host.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) {
      return String(host)
    }
    return host.lowercased()
  }

  static func key(forAuthority authority: String) -> String? {
    key(forAuthority: authority[...])
  }
}

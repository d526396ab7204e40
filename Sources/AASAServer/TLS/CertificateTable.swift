import NIOSSL

/// The certificates served at one moment, by the names in their subjectAltName: immutable,
/// shared by every event loop, replaced as a whole when a certificate changes. Each certificate
/// has its `NIOSSLContext` built once, ahead of time: a connection only looks one up.
public final class CertificateTable: Sendable {
  /// One usable certificate.
  public struct Entry: Sendable {
    /// The file stem or folder name it was loaded from (`example.com` for `example.com.crt`).
    public var name: String
    /// DNS names from its subjectAltName, lower case; wildcards as `*.example.com`.
    public var dnsNames: [String]
    /// Seconds since 1970; the later one wins when two certificates name the same host.
    public var notValidAfter: Int
    public var context: NIOSSLContext
  }

  public let entries: [Entry]
  private let exact: [String: NIOSSLContext]
  /// `*.example.com` keyed by `example.com`: it matches exactly one more label (RFC 6125
  /// section 6.4.3), so `a.example.com` but neither `example.com` nor `a.b.example.com`.
  private let wildcard: [String: NIOSSLContext]
  /// For clients that send no SNI (or a name no certificate has).
  public let fallback: Entry

  /// - Parameter entries: Not empty. The default is the one named `default`, or else the first
  ///   by name.
  public init(entries: [Entry]) {
    precondition(!entries.isEmpty, "a certificate table needs a certificate")
    let sorted = entries.sorted { $0.name < $1.name }
    self.entries = sorted
    fallback = sorted.first { $0.name == Self.defaultName } ?? sorted[0]
    var exact: [String: Entry] = [:]
    var wildcard: [String: Entry] = [:]
    for entry in sorted {
      for name in entry.dnsNames {
        if name.hasPrefix("*.") {
          let parent = String(name.dropFirst(2))
          // `*.com` and `f*.example.com` are not wildcards a client accepts.
          guard parent.contains("."), !parent.contains("*") else { continue }
          if (wildcard[parent]?.notValidAfter ?? .min) < entry.notValidAfter {
            wildcard[parent] = entry
          }
        } else if !name.contains("*") {
          if (exact[name]?.notValidAfter ?? .min) < entry.notValidAfter { exact[name] = entry }
        }
      }
    }
    self.exact = exact.mapValues(\.context)
    self.wildcard = wildcard.mapValues(\.context)
  }

  /// The name of the certificate used when no other matches.
  public static let defaultName = "default"

  /// With one certificate, there is nothing to choose: connections skip reading the SNI.
  public var onlyContext: NIOSSLContext? { entries.count == 1 ? fallback.context : nil }

  /// Whether a certificate names `host` (a site key: lower case, no port), exactly or by a
  /// wildcard; a host no certificate names gets ``fallback``'s, which clients refuse for it.
  public func covers(_ host: String) -> Bool {
    guard let name = HostName.key(forName: host[...]) else { return false }
    if exact[name] != nil { return true }
    guard let dot = name.firstIndex(of: ".") else { return false }
    return wildcard[String(name[name.index(after: dot)...])] != nil
  }

  /// The context for a client's SNI name (any case, a trailing dot ignored).
  public func context(forServerName serverName: String?) -> NIOSSLContext {
    guard let serverName, let name = HostName.key(forName: serverName[...]) else {
      return fallback.context
    }
    if let found = exact[name] { return found }
    if let dot = name.firstIndex(of: "."),
      let found = wildcard[String(name[name.index(after: dot)...])]
    {
      return found
    }
    return fallback.context
  }
}

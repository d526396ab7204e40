/// The site an association file is served from, as an app's associated-domains entitlement names
/// it: one host, or `*.example.com` for every subdomain of a host (not the host itself, as Apple
/// reads a wildcard entitlement).
public struct SiteDomain: Hashable, Sendable, CustomStringConvertible {
  /// Lower-cased, in ASCII (IDNA) form, without a trailing dot.
  public let host: String
  /// `*.host`: any subdomain of ``host``.
  public let coversSubdomains: Bool

  /// A form of domain that cannot name a site, and the form expected.
  public struct UnreadableDomain: Error, CustomStringConvertible, Equatable {
    public var text: String
    public var reason: String
    public var description: String {
      "\"\(text)\" \(reason); give a host such as example.com, applinks:example.com, "
        + "*.example.com or https://example.com"
    }
  }

  /// `host` as written, trusted to be a host name: a site's own host.
  public init(host: String, coversSubdomains: Bool = false) {
    var normalized = IDNA.asciiHost(host) ?? host.lowercased()
    if normalized.hasSuffix(".") { normalized.removeLast() }
    self.host = normalized
    self.coversSubdomains = coversSubdomains
  }

  /// Reads what people paste for a domain: `example.com`, an entitlement entry
  /// (`applinks:example.com`, with or without `?mode=developer`), `*.example.com`, or a URL
  /// (its host is taken). `notes` says what was taken from a longer form.
  public static func parse(_ text: String) throws(UnreadableDomain) -> (
    domain: SiteDomain, notes: [String]
  ) {
    var rest = text.trimming(while: { $0 == " " || $0 == "\t" })[...]
    var notes: [String] = []
    let services = ["applinks:", "webcredentials:", "appclips:", "activitycontinuation:"]
    if let service = services.first(where: { rest.lowercased().hasPrefix($0) }) {
      rest = rest.dropFirst(service.count)
    }
    if let schemeEnd = rest.firstRange(of: "://") {
      let scheme = rest[..<schemeEnd.lowerBound].lowercased()
      guard scheme == "https" || scheme == "http" else {
        throw UnreadableDomain(text: text, reason: "is a \(scheme): URL, not a web address")
      }
      var authority = rest[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
      if let at = authority.lastIndex(of: "@") {
        authority = authority[authority.index(after: at)...]
      }
      if let colon = authority.lastIndex(of: ":"),
        authority[colon...].dropFirst().allSatisfy(\.isNumber)
      {
        authority = authority[..<colon]
      }
      notes.append("using the host \(authority) of the URL \(text)")
      rest = authority
    } else if let mark = rest.firstIndex(of: "?") {
      let suffix = rest[mark...]
      let modes = ["?mode=developer", "?mode=managed", "?mode=developer+managed"]
      guard modes.contains(suffix.lowercased()) else {
        throw UnreadableDomain(
          text: text,
          reason:
            "ends in \(suffix), which is not a mode (?mode=developer, managed or developer+managed)"
        )
      }
      rest = rest[..<mark]
    }
    var coversSubdomains = false
    if rest.hasPrefix("*.") {
      coversSubdomains = true
      rest = rest.dropFirst(2)
    }
    if rest.hasSuffix(".") { rest = rest.dropLast() }
    guard !rest.isEmpty else { throw UnreadableDomain(text: text, reason: "names no host") }
    if let bad = rest.first(where: { "*/\\?#@: \t[]%".contains($0) }) {
      throw UnreadableDomain(text: text, reason: "has \"\(bad)\", which no host name has")
    }
    guard let ascii = IDNA.asciiHost(rest) else {
      throw UnreadableDomain(text: text, reason: "is not a host name")
    }
    let labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
    guard
      labels.allSatisfy({ label in
        !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
          && label.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
          }
      })
    else {
      throw UnreadableDomain(text: text, reason: "is not a host name")
    }
    return (SiteDomain(host: ascii, coversSubdomains: coversSubdomains), notes)
  }

  /// Whether a URL for `host` (lower-cased, ASCII, no trailing dot) is for this site.
  public func accepts(_ host: String) -> Bool {
    guard coversSubdomains else { return host == self.host }
    return host.count > self.host.count + 1 && host.hasSuffix("." + self.host)
  }

  public var description: String { coversSubdomains ? "*.\(host)" : host }
}

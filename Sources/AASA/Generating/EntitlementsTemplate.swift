/// Writes the app side of universal links: the `applinks:` entries of the
/// `com.apple.developer.associated-domains` entitlement, as lines for an `.entitlements` file
/// (or a whole one). What the device then fetches: docs/check.md.
public enum EntitlementsTemplate {
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
  }

  public static let key = "com.apple.developer.associated-domains"

  /// The `<key>` and `<array>` of the entitlement for `domains` (`example.com`,
  /// `*.example.com`; an `applinks:` prefix or a URL's `https://` is dropped), each also with
  /// `?mode=developer` when `developerMode` is set, under a comment saying what that does.
  public static func entries(
    domains: [String], developerMode: Bool = false, indent: String = "\t"
  ) throws(Problem) -> String {
    var hosts: [String] = []
    for domain in domains {
      let host = try normalized(domain)
      if !hosts.contains(host) { hosts.append(host) }
    }
    guard !hosts.isEmpty else { throw Problem(description: "no domain given") }
    var lines = [
      "<!-- Universal links: iOS fetches https://DOMAIN/.well-known/apple-app-site-association",
      "     through Apple's CDN for each applinks: entry (for *.example.com, for each subdomain",
      "     it is asked to open). -->",
    ]
    if developerMode {
      lines += [
        "<!-- ?mode=developer: a development-signed build on a device with Settings > Developer >",
        "     Associated Domains Development turned on fetches the file from the site itself,",
        "     not Apple's CDN, so changes show at once. App Store, TestFlight and Ad Hoc builds",
        "     ignore these entries: keep the plain ones too. -->",
      ]
    }
    lines.append("<key>\(key)</key>")
    lines.append("<array>")
    for host in hosts {
      lines.append("\(indent)<string>applinks:\(host)</string>")
      if developerMode {
        lines.append("\(indent)<string>applinks:\(host)?mode=developer</string>")
      }
    }
    lines.append("</array>")
    return lines.joined(separator: "\n")
  }

  /// A whole `.entitlements` property list holding only the entitlement.
  public static func document(domains: [String], developerMode: Bool = false) throws(Problem)
    -> String
  {
    let body = try entries(domains: domains, developerMode: developerMode)
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \(body.split(separator: "\n", omittingEmptySubsequences: false).map { "\t" + $0 }.joined(separator: "\n"))
      </dict>
      </plist>
      """
  }

  /// `applinks:Example.com`, `https://example.com/x` → `example.com`; `*.` kept.
  static func normalized(_ text: String) throws(Problem) -> String {
    var rest = Substring(text.trimmingCharacters(in: " \t"))
    if rest.lowercased().hasPrefix("applinks:") { rest = rest.dropFirst("applinks:".count) }
    if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
    rest = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    var host = rest.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    let name = host.hasPrefix("*.") ? host.dropFirst(2) : Substring(host)
    let labels = name.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2,
      labels.allSatisfy({ label in
        !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
          && label.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0.value > 0x7F
          }
      })
    else {
      throw Problem(
        description:
          "\"\(text)\" is not a domain name (write example.com or *.example.com, without a path or port)"
      )
    }
    return host
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

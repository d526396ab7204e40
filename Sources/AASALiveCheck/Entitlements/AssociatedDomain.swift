/// One entry of an app's associated-domains entitlement: `applinks:example.com`,
/// `webcredentials:*.example.com`, `appclips:example.com?mode=developer`.
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
  /// The services iOS reads an association file for. Each one is answered by its own section of
  /// the same file on the same host, so a host named by several services is fetched once.
  public enum Service: String, Sendable, Hashable, CaseIterable {
    /// Universal links: the file's `applinks` section.
    case applinks
    /// Passkeys, password autofill and `ASWebAuthenticationSession`'s HTTPS callbacks:
    /// `webcredentials.apps`.
    case webcredentials
    /// App Clips: `appclips.apps`, which names the clip, not the full app.
    case appclips
    /// Handoff: `activitycontinuation.apps`.
    case activitycontinuation
  }

  /// The entry as written, e.g. `applinks:example.com?mode=developer`.
  public var entry: String
  public var service: Service
  /// The host, lower-cased, without `*.` or the mode.
  public var host: String
  /// `*.example.com`: Apple fetches the file of each subdomain the app is asked to open, so
  /// there is no one host to check.
  public var isWildcard: Bool
  /// `developer`, `managed` or `developer+managed`, from `?mode=`.
  public var mode: String?

  /// Parses an entry of one of the four services; nil for an entry of another (a typo such as
  /// `weblinks:`, or a service iOS adds later) or one without a host.
  public init?(_ entry: String) {
    guard let colon = entry.firstIndex(of: ":"),
      let service = Service(rawValue: entry[..<colon].lowercased())
    else { return nil }
    var rest = entry[entry.index(after: colon)...]
    if let question = rest.firstIndex(of: "?") {
      let query = rest[rest.index(after: question)...]
      mode = query.split(separator: "&").first { $0.hasPrefix("mode=") }.map {
        String($0.dropFirst("mode=".count))
      }
      rest = rest[..<question]
    }
    isWildcard = rest.hasPrefix("*.")
    if isWildcard { rest = rest.dropFirst(2) }
    guard !rest.isEmpty else { return nil }
    self.entry = entry
    self.service = service
    self.host = rest.lowercased()
  }

  public var description: String { entry }
}

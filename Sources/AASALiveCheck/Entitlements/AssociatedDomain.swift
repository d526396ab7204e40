/// One `applinks:` entry of an app's associated-domains entitlement:
/// `applinks:example.com`, `applinks:*.example.com`, `applinks:example.com?mode=developer`.
public struct AssociatedDomain: Sendable, Hashable, CustomStringConvertible {
  /// The entry as written, e.g. `applinks:example.com?mode=developer`.
  public var entry: String
  /// The host, lower-cased, without `*.` or the mode.
  public var host: String
  /// `*.example.com`: Apple fetches the file of each subdomain the app is asked to open, so
  /// there is no one host to check.
  public var isWildcard: Bool
  /// `developer`, `managed` or `developer+managed`, from `?mode=`.
  public var mode: String?

  /// Parses an `applinks:` entry; nil for other services (`webcredentials:`, ...).
  public init?(_ entry: String) {
    let prefix = "applinks:"
    guard entry.lowercased().hasPrefix(prefix) else { return nil }
    var rest = Substring(entry.dropFirst(prefix.count))
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
    self.host = rest.lowercased()
  }

  public var description: String { entry }
}

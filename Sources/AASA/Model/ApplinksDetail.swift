import AASACore

/// One `details` entry: the apps it names and the rules that decide for them.
public struct ApplinksDetail: Sendable, Hashable {
  /// The position in `details`, as verdicts report it.
  public var index: Int
  /// `appIDs`, or the single `appID` when there is no `appIDs` array.
  public var appIDs: [String]
  /// App-level `defaults`.
  public var defaults: ComponentSettings
  /// The rules Apple evaluates, in order: `components`, or, when there is no `components` array,
  /// the legacy `paths` turned into components.
  public var rules: [Rule]
  /// Where the entry starts, and its dotted path (`applinks.details[1]`).
  public var location: SourceLocation
  public var path: String

  public init(
    index: Int, appIDs: [String], defaults: ComponentSettings = ComponentSettings(),
    rules: [Rule], location: SourceLocation = .start, path: String = ""
  ) {
    self.index = index
    self.appIDs = appIDs
    self.defaults = defaults
    self.rules = rules
    self.location = location
    self.path = path
  }
}

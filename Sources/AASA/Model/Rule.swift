import AASACore

/// One rule of an entry: a component, or a legacy path string read as a component.
public struct Rule: Sendable, Hashable {
  public enum Origin: Sendable, Hashable {
    /// A `components` object.
    case component
    /// A legacy `paths` string (`"NOT /x/*"` included).
    case legacyPath
  }

  /// The position in `components` or `paths`, as verdicts report it.
  public var index: Int
  public var origin: Origin
  /// The keys the rule sets itself; unset keys come from `defaults`.
  public var settings: ComponentSettings
  /// The rule as written: the path string, or the component as compact JSON.
  public var written: String
  public var location: SourceLocation
  /// Dotted path: `applinks.details[0].components[2]`.
  public var path: String

  public init(
    index: Int, origin: Origin, settings: ComponentSettings, written: String,
    location: SourceLocation = .start, path: String = ""
  ) {
    self.index = index
    self.origin = origin
    self.settings = settings
    self.written = written
    self.location = location
    self.path = path
  }
}

/// An iOS storyboard setting: one name for every device, or one per device family.
public enum Storyboard: Hashable, Sendable {
  case name(String)
  /// `{"iPhone": …, "iPad": …}`. An iPad falls back to the iPhone's storyboard when it has none.
  case devices(iPhone: String?, iPad: String?)

  /// The storyboard each device family would load, after the iPad's fallback to the iPhone's.
  public var resolved: ResolvedStoryboard {
    switch self {
    case .name(let name): .name(name)
    case .devices(let iPhone, let iPad): .devices(iPhone: iPhone, iPad: iPad ?? iPhone)
    }
  }
}

/// The storyboard a route leads to, as reports show it.
public enum ResolvedStoryboard: Hashable, Sendable {
  case name(String)
  case devices(iPhone: String?, iPad: String?)
}

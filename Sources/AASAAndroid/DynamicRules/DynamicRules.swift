import AASACore

/// The dynamic rules (Android 15+) of one statement:
/// `relation_extensions` → `delegate_permission/common.handle_all_urls` →
/// `dynamic_app_link_components`, compiled once.
///
/// Rules are either **in force** (every field well-formed) or **discarded**: Android drops every
/// rule of a statement when any field is malformed or empty, and the manifest alone decides again.
public struct DynamicRules: Hashable, Sendable {
  /// Where `dynamic_app_link_components` (or the first broken level above it) is.
  public var location: SourceLocation
  /// The components in file order; empty when discarded.
  public var components: [DynamicComponent]
  /// Why Android discards the rules, and where the first malformed field is: nil when they are
  /// in force.
  public var discarded: (reason: String, location: SourceLocation)? {
    discardReason.map { ($0, discardLocation ?? location) }
  }
  private var discardReason: String?
  private var discardLocation: SourceLocation?
  /// The components each path may match, found without trying them all.
  private var index: ComponentIndex

  public init(
    location: SourceLocation, components: [DynamicComponent],
    discarded: (reason: String, location: SourceLocation)? = nil
  ) {
    self.location = location
    self.components = discarded == nil ? components : []
    self.discardReason = discarded?.reason
    self.discardLocation = discarded?.location
    index = ComponentIndex(self.components)
  }

  public var isInForce: Bool { discardReason == nil }

  /// How Android decides a URL against rules in force (`matchUriRelativeFilterGroups`): the first
  /// component in file order whose every filter matches decides; nothing matching excludes.
  public func decide(_ url: AndroidURLParts) -> DynamicDecision {
    for candidate in index.candidates(forPath: url.path) {
      let component = components[candidate]
      if component.matches(url) {
        return component.excludes ? .excluded(by: component.index) : .open(by: component.index)
      }
    }
    return .excluded(by: nil)
  }

  /// The component that came closest to matching `url`, and the parts it failed: the one failing
  /// the fewest of its filters (relative to how many it has), the first of equals. Components
  /// with no filter never come close.
  public func closest(to url: AndroidURLParts) -> (component: Int, failed: [DynamicComponent.Part])?
  {
    var best: (component: Int, failed: [DynamicComponent.Part], score: Double)?
    for component in components where component.hasFilter {
      let failed = component.failedParts(url)
      let score = Double(component.filterCount - failed.count) / Double(component.filterCount)
      if best == nil || score > best!.score {
        best = (component.index, failed, score)
      }
    }
    return best.map { ($0.component, $0.failed) }
  }
}

/// What the dynamic rules in force say about one URL.
public enum DynamicDecision: Hashable, Sendable {
  /// A component without `exclude` matched first.
  case open(by: Int)
  /// An `exclude` component matched first, or (nil) no component matched at all.
  case excluded(by: Int?)

  /// The deciding component's index.
  public var component: Int? {
    switch self {
    case .open(let index): index
    case .excluded(let index): index
    }
  }
}

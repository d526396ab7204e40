/// The `applinks` service of an apple-app-site-association file (not an App Link page's `al:*`
/// tags, which `AASAAppLinks` reads).
public struct ApplinksService: Sendable, Hashable {
  /// Domain-level `defaults`, applied to every component of every entry that does not override them.
  public var defaults: ComponentSettings
  /// `substitutionVariables`, name to values, in file order.
  public var substitutionVariables: [SubstitutionVariable]
  /// The `details` entries in file order (a dictionary-shaped `details` in key order).
  public var details: [ApplinksDetail]

  public init(
    defaults: ComponentSettings = ComponentSettings(),
    substitutionVariables: [SubstitutionVariable] = [], details: [ApplinksDetail] = []
  ) {
    self.defaults = defaults
    self.substitutionVariables = substitutionVariables
    self.details = details
  }

  /// Every app ID in routing order: entries in file order, each entry's IDs in order.
  public var appIDs: [String] { details.flatMap(\.appIDs) }
}

/// A custom `$(name)` and the strings it stands for.
public struct SubstitutionVariable: Sendable, Hashable {
  public var name: String
  public var values: [String]

  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}

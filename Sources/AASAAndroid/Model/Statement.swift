import AASACore

/// One entry of a statement list: "this site delegates these relations to this target".
///
/// The model is lenient on purpose. A statement whose relations or target could be read is kept
/// even when some detail is wrong (a lowercase fingerprint, a malformed relation), marked
/// ``isValid`` false, so that a grant question can say "this statement would grant it, but Google
/// rejects it". A statement without a readable target is reported and left out.
public struct Statement: Hashable, Sendable {
  /// Its position in the list: `[index]` in diagnostic paths.
  public var index: Int
  /// Where its `{` is.
  public var location: SourceLocation
  /// The relations as written, well-formed or not.
  public var relations: [Relation]
  public var target: StatementTarget
  /// Whether Google accepts it: false when any error was found inside it.
  public var isValid: Bool
  /// Android 15's dynamic rules for `handle_all_urls`, when an app statement granting it has
  /// them (in force or discarded).
  public var dynamicRules: DynamicRules?

  public init(
    index: Int, location: SourceLocation, relations: [Relation], target: StatementTarget,
    isValid: Bool, dynamicRules: DynamicRules? = nil
  ) {
    self.index = index
    self.location = location
    self.relations = relations
    self.target = target
    self.isValid = isValid
    self.dynamicRules = dynamicRules
  }

  /// The path diagnostics use for it: `[2]`.
  public var path: String { DocumentPath.element("", index) }
}

/// What changed in what two `assetlinks.json` files grant: grants (package, certificate,
/// relation) that appeared or went, and apps whose dynamic rules changed.
///
/// It compares what Google and Android act on, not the text: a list Google ignores (one invalid
/// statement) grants nothing, so fixing a typo elsewhere in the file shows as every grant added.
public struct AssetLinksDiff: Hashable, Sendable {
  /// One grant: this relation, to this app signed with this certificate.
  public struct Grant: Hashable, Sendable, Comparable {
    public var package: String
    public var fingerprint: String
    public var relation: String

    public static func < (lhs: Grant, rhs: Grant) -> Bool {
      (lhs.package, lhs.relation, lhs.fingerprint) < (rhs.package, rhs.relation, rhs.fingerprint)
    }
  }

  /// An app whose dynamic rules differ: the components as written, before and after (empty when
  /// it had none or they were discarded).
  public struct RuleChange: Hashable, Sendable {
    public var package: String
    public var before: [String]
    public var after: [String]
  }

  public var addedGrants: [Grant]
  public var removedGrants: [Grant]
  public var ruleChanges: [RuleChange]

  public var isEmpty: Bool { addedGrants.isEmpty && removedGrants.isEmpty && ruleChanges.isEmpty }

  public init(old: StatementList, new: StatementList) {
    let before = Self.grants(old)
    let after = Self.grants(new)
    addedGrants = after.subtracting(before).sorted()
    removedGrants = before.subtracting(after).sorted()
    let oldRules = Self.rules(old)
    let newRules = Self.rules(new)
    var packages: [String] = []
    for app in AndroidRouter(old).apps + AndroidRouter(new).apps
    where !packages.contains(app.package) {
      packages.append(app.package)
    }
    ruleChanges = packages.compactMap { package in
      let before = oldRules[package] ?? []
      let after = newRules[package] ?? []
      return before == after ? nil : RuleChange(package: package, before: before, after: after)
    }
  }

  private static func grants(_ list: StatementList) -> Set<Grant> {
    guard !list.isIgnoredByGoogle else { return [] }
    var grants: Set<Grant> = []
    for statement in list.statements where statement.isValid {
      guard let package = statement.target.packageName else { continue }
      for fingerprint in statement.target.fingerprints {
        for relation in statement.relations {
          grants.insert(
            Grant(
              package: package, fingerprint: fingerprint.canonicalText,
              relation: relation.rawValue))
        }
      }
    }
    return grants
  }

  /// The components in force per app, as written.
  private static func rules(_ list: StatementList) -> [String: [String]] {
    var rules: [String: [String]] = [:]
    for app in AndroidRouter(list).apps {
      rules[app.package] = app.rules?.components.map(\.written) ?? []
    }
    return rules
  }
}

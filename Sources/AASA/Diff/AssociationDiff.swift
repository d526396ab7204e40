/// What changed in the behaviour of an association file between two versions, per app.
///
/// Rules are compared by what they do (``EffectiveRule``), so reformatting, reordering keys,
/// rewriting a legacy path as a component or moving a setting into `defaults` is no change.
public struct AssociationDiff: Sendable {
  public enum RuleChange: Sendable {
    case added(EffectiveRule.Origin)
    case removed(EffectiveRule.Origin)
    /// Same path pattern, other settings.
    case changed(old: EffectiveRule.Origin, new: EffectiveRule.Origin, differences: [String])
    /// Same rule, another position relative to the others: it may now decide before or after them.
    case moved(old: EffectiveRule.Origin, new: EffectiveRule.Origin)
  }

  public struct AppChange: Sendable {
    public var app: String
    /// Nil when the app is in both files.
    public var presence: Presence?
    public var rules: [RuleChange]
  }

  public enum Presence: String, Sendable {
    case added, removed
  }

  public var apps: [AppChange]
  /// The order apps are tried in changed (the first match among apps wins).
  public var appOrder: (old: [String], new: [String])?

  public var isEmpty: Bool { apps.isEmpty && appOrder == nil }

  public init(old: SiteAssociation, new: SiteAssociation) {
    let oldRules = Self.rulesByApp(old)
    let newRules = Self.rulesByApp(new)
    var apps: [AppChange] = []
    let oldOrder = oldRules.map(\.app)
    let newOrder = newRules.map(\.app)
    for (app, rules) in oldRules where !newOrder.contains(app) {
      apps.append(
        AppChange(
          app: app, presence: .removed,
          rules: rules.map { .removed($0.1) }))
    }
    for (app, rules) in newRules {
      guard let old = oldRules.first(where: { $0.app == app }) else {
        apps.append(
          AppChange(
            app: app, presence: .added,
            rules: rules.map { .added($0.1) }))
        continue
      }
      let changes = Self.compare(old.rules, rules)
      if !changes.isEmpty { apps.append(AppChange(app: app, presence: nil, rules: changes)) }
    }
    self.apps = apps
    let common = oldOrder.filter(newOrder.contains)
    let commonNew = newOrder.filter(oldOrder.contains)
    appOrder = common == commonNew ? nil : (oldOrder, newOrder)
  }

  typealias Listed = (rule: EffectiveRule, origin: EffectiveRule.Origin)

  /// Each app's effective rules, apps in routing order; an app listed twice keeps its first entry.
  static func rulesByApp(_ association: SiteAssociation) -> [(
    app: String, rules: [(EffectiveRule, EffectiveRule.Origin)]
  )] {
    guard let appLinks = association.appLinks else { return [] }
    var result: [(app: String, rules: [(EffectiveRule, EffectiveRule.Origin)])] = []
    for detail in appLinks.details {
      let rules = detail.rules.map { rule in
        (
          EffectiveRule(rule, detail: detail, appLinks: appLinks),
          EffectiveRule.Origin(reference: rule.path, written: rule.written)
        )
      }
      for app in detail.appIDs where !result.contains(where: { $0.app == app }) {
        result.append((app, rules))
      }
    }
    return result
  }

  static func compare(
    _ old: [(EffectiveRule, EffectiveRule.Origin)], _ new: [(EffectiveRule, EffectiveRule.Origin)]
  ) -> [RuleChange] {
    let pairs = longestCommonSubsequence(old.map(\.0), new.map(\.0))
    var oldLeft = Set(old.indices).subtracting(pairs.map(\.0))
    var newLeft = Set(new.indices).subtracting(pairs.map(\.1))
    var changes: [RuleChange] = []
    for newIndex in newLeft.sorted() {
      if let oldIndex = oldLeft.sorted().first(where: { old[$0].0 == new[newIndex].0 }) {
        changes.append(.moved(old: old[oldIndex].1, new: new[newIndex].1))
        oldLeft.remove(oldIndex)
        newLeft.remove(newIndex)
      }
    }
    for newIndex in newLeft.sorted() {
      if let oldIndex = oldLeft.sorted().first(where: { old[$0].0.path == new[newIndex].0.path }) {
        changes.append(
          .changed(
            old: old[oldIndex].1, new: new[newIndex].1,
            differences: new[newIndex].0.differences(from: old[oldIndex].0)))
        oldLeft.remove(oldIndex)
        newLeft.remove(newIndex)
      }
    }
    for oldIndex in oldLeft.sorted() {
      changes.append(.removed(old[oldIndex].1))
    }
    for newIndex in newLeft.sorted() {
      changes.append(.added(new[newIndex].1))
    }
    return changes
  }

  /// Index pairs of a longest common subsequence: the rules that kept their relative order.
  static func longestCommonSubsequence<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
    guard !a.isEmpty, !b.isEmpty else { return [] }
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] =
          a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var pairs: [(Int, Int)] = []
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      if a[i] == b[j] {
        pairs.append((i, j))
        i += 1
        j += 1
      } else if lengths[i + 1][j] >= lengths[i][j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return pairs
  }
}

/// Routes URLs as an Android 15 phone decides them from one `assetlinks.json`: for each app the
/// file grants App Links, whether its dynamic rules open the URL, exclude it, or leave it to the
/// manifest. Built once from a statement list; immutable and `Sendable`, so every core can share
/// it.
///
/// What a router cannot see is said in ``AndroidVerdict/Kind/none``: the manifest's filters and
/// the host's verification still come first on a phone, and dynamic rules only ever narrow them.
public struct AndroidRouter: Sendable {
  /// One app the file grants `handle_all_urls`, and the rules Android uses for it.
  public struct App: Hashable, Sendable {
    public var package: String
    /// The statement whose rules apply (the first with rules), or the first that grants the app.
    public var statement: Int
    /// Its dynamic rules, in force or discarded; nil when it has none.
    public var rules: DynamicRules?
    /// Whether Google accepts the list at all (no invalid statement).
    public var listIsUsable: Bool
  }

  public let apps: [App]

  public init(_ list: StatementList) {
    var order: [String] = []
    var byPackage: [String: App] = [:]
    for statement in list.statements where statement.relations.contains(.handleAllURLs) {
      guard let package = statement.target.packageName else { continue }
      if var app = byPackage[package] {
        if app.rules == nil, let rules = statement.dynamicRules {
          app.rules = rules
          app.statement = statement.index
          byPackage[package] = app
        }
      } else {
        order.append(package)
        byPackage[package] = App(
          package: package, statement: statement.index, rules: statement.dynamicRules,
          listIsUsable: !list.isIgnoredByGoogle)
      }
    }
    apps = order.compactMap { byPackage[$0] }
  }

  /// Every app's verdict on `url`, or only `app`'s (one that the file does not grant gets a
  /// verdict that says so).
  public func route(_ url: String, app: String? = nil, explain: Bool = true) -> AndroidRouting {
    let parts = AndroidURLParts(url)
    var verdicts: [AndroidVerdict] = []
    for candidate in apps where app == nil || candidate.package == app {
      verdicts.append(verdict(candidate, parts, explain: explain))
    }
    if let app, verdicts.isEmpty {
      verdicts.append(
        AndroidVerdict(
          app: app, kind: .none, statement: nil, component: nil, reason: .notGranted))
    }
    return AndroidRouting(input: url, verdicts: verdicts)
  }

  private func verdict(_ app: App, _ url: AndroidURLParts, explain: Bool) -> AndroidVerdict {
    guard let rules = app.rules else {
      return AndroidVerdict(
        app: app.package, kind: .none, statement: app.statement, component: nil,
        reason: .noRules)
    }
    if let discarded = rules.discarded {
      return AndroidVerdict(
        app: app.package, kind: .none, statement: app.statement, component: nil,
        reason: .rulesDiscarded(discarded.reason))
    }
    switch rules.decide(url) {
    case .open(let index):
      return AndroidVerdict(
        app: app.package, kind: .open, statement: app.statement, component: index,
        reason: .matched(rules.components[index].written))
    case .excluded(let index?):
      return AndroidVerdict(
        app: app.package, kind: .excluded, statement: app.statement, component: index,
        reason: .matched(rules.components[index].written))
    case .excluded(nil):
      let closest = explain ? rules.closest(to: url) : nil
      return AndroidVerdict(
        app: app.package, kind: .excluded, statement: app.statement, component: nil,
        reason: .nothingMatched(
          closest: closest.map {
            AndroidVerdict.NearMiss(
              component: $0.component, written: rules.components[$0.component].written,
              failed: $0.failed)
          }))
    }
  }
}

/// One URL routed for every app of a file.
public struct AndroidRouting: Hashable, Sendable {
  public var input: String
  public var verdicts: [AndroidVerdict]
}

/// What Android's dynamic rules say about one URL for one app.
public struct AndroidVerdict: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable {
    /// A component without `exclude` matched first: the app opens the URL (when the manifest
    /// covers it and the host is verified).
    case open
    /// An `exclude` component matched first, or none matched: the URL goes to the browser.
    case excluded
    /// No dynamic rules in force: the manifest and verification alone decide.
    case none
  }

  /// The component that came closest to matching, and what it failed.
  public struct NearMiss: Hashable, Sendable {
    public var component: Int
    public var written: String
    public var failed: [DynamicComponent.Part]

    /// `path`, `path and fragment`.
    public var failedDescription: String {
      let names = failed.map(\.description)
      guard names.count > 1 else { return names.first ?? "nothing" }
      return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
  }

  /// Why the verdict is what it is.
  public enum Reason: Hashable, Sendable {
    /// The deciding component, as written.
    case matched(String)
    /// Rules are in force but no component matched.
    case nothingMatched(closest: NearMiss?)
    /// The app's statement has no dynamic rules.
    case noRules
    /// Android discards the rules; why.
    case rulesDiscarded(String)
    /// The file does not grant the app `handle_all_urls`.
    case notGranted
  }

  public var app: String
  public var kind: Kind
  /// The statement whose rules decided, or that grants the app.
  public var statement: Int?
  /// The deciding component's index in `dynamic_app_link_components`.
  public var component: Int?
  public var reason: Reason
}

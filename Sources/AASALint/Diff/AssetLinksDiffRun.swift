import AASAAndroid
import AASACore

/// `aasa-lint diff old/assetlinks.json new/assetlinks.json`: grants that changed, apps whose
/// dynamic rules changed, and (with `--urls`) URLs whose Android verdict changes.
extension DiffRun {
  /// A URL's verdict for one app, before and after.
  struct AndroidChange {
    var input: String
    var app: String
    var before: AndroidVerdict.Kind
    var after: AndroidVerdict.Kind
  }

  /// Both files' statement lists when both are assetlinks.json files, else nil.
  func assetLinksLists() -> (old: StatementList, new: StatementList)? {
    let oldDocument = SourceDocument(name: old.name, bytes: old.bytes).readingJSON()
    let newDocument = SourceDocument(name: new.name, bytes: new.bytes).readingJSON()
    guard FileKind.detect(oldDocument) == .assetLinks, FileKind.detect(newDocument) == .assetLinks
    else { return nil }
    let oldList = AssetLinksLinter().lint(oldDocument).statementList ?? .empty
    let newList = AssetLinksLinter().lint(newDocument).statementList ?? .empty
    return (oldList, newList)
  }

  func assetLinksDiff(
    old oldList: StatementList, new newList: StatementList, urls: URLSource
  ) throws -> AssetLinksDiffReport {
    let diff = AssetLinksDiff(old: oldList, new: newList)
    let oldRouter = AndroidRouter(oldList)
    let newRouter = AndroidRouter(newList)
    var changes: [AndroidChange] = []
    var routed = 0
    try urls.forEach { line in
      routed += 1
      let url = String(line)
      let before = oldRouter.route(url, explain: false).verdicts
      let after = newRouter.route(url, explain: false).verdicts
      var apps = before.map(\.app)
      for verdict in after where !apps.contains(verdict.app) { apps.append(verdict.app) }
      for app in apps {
        let was = before.first { $0.app == app }?.kind
        let now = after.first { $0.app == app }?.kind
        if was != now {
          changes.append(
            AndroidChange(input: url, app: app, before: was ?? .none, after: now ?? .none))
        }
      }
    }
    return AssetLinksDiffReport(
      old: old.name, new: new.name, diff: diff, changes: changes, routed: routed,
      exitCodeOnChange: exitCodeOnChange)
  }
}

/// What `aasa-lint diff` found for two assetlinks.json files: grants that changed, apps whose
/// dynamic rules changed, and (with `--urls`) URLs whose Android verdict changes.
package struct AssetLinksDiffReport: Report {
  package var old: String
  package var new: String
  package var diff: AssetLinksDiff
  var changes: [DiffRun.AndroidChange]
  package var routed: Int
  package var exitCodeOnChange: Bool

  package var outcome: Outcome {
    Outcome(failing: exitCodeOnChange && (!diff.isEmpty || !changes.isEmpty))
  }
}

extension AssetLinksDiffReport: JSONReport {
  package var jsonDocument: any Encodable {
    AssetLinksDiffJSON(
      old: old, new: new, changed: !diff.isEmpty || !changes.isEmpty,
      addedGrants: diff.addedGrants.map(AssetLinksDiffJSON.Grant.init),
      removedGrants: diff.removedGrants.map(AssetLinksDiffJSON.Grant.init),
      dynamicRules: diff.ruleChanges.map {
        .init(app: $0.package, before: $0.before, after: $0.after)
      },
      routed: routed,
      routes: changes.map {
        .init(input: $0.input, app: $0.app, before: $0.before.rawValue, after: $0.after.rawValue)
      })
  }
}

extension AssetLinksDiffReport: TextReport {
  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let style = context.style
    // File names, packages, rules and URLs come from the inputs: every one is shown escaped.
    func shown(_ text: some StringProtocol) -> String { text.escapingControlCharacters }
    if diff.isEmpty {
      sink.line(
        style.green("no change in what the file grants")
          + style.dim(" (\(shown(old)) → \(shown(new)))"))
    }
    for grant in diff.addedGrants {
      sink.line(
        style.green(
          "+ grant \(shown(grant.relation)) to \(shown(grant.package)) \(shown(grant.fingerprint))")
      )
    }
    for grant in diff.removedGrants {
      sink.line(
        style.red(
          "- grant \(shown(grant.relation)) to \(shown(grant.package)) \(shown(grant.fingerprint))")
      )
    }
    for change in diff.ruleChanges {
      sink.line(style.bold(shown(change.package)) + " dynamic rules")
      for component in change.before where !change.after.contains(component) {
        sink.line("  " + style.red("- \(shown(component))"))
      }
      for component in change.after where !change.before.contains(component) {
        sink.line("  " + style.green("+ \(shown(component))"))
      }
      if Set(change.before) == Set(change.after) {
        sink.line(
          "  " + style.cyan("↕ the same components in another order (the first match decides)"))
      }
    }
    if routed > 0 {
      let inputs = changes.map { shown($0.input) }
      let width = inputs.map(\.count).max() ?? 0
      for (change, input) in zip(changes, inputs) {
        let padding = String(repeating: " ", count: width - input.count)
        sink.line(
          "\(input)\(padding)  \(shown(change.app)): \(change.before.rawValue) → "
            + style.bold(change.after.rawValue))
      }
      sink.line("\(Set(changes.map(\.input)).count) of \(routed) URLs change verdict on Android")
    }
  }
}

/// `aasa-lint diff --format json` for two assetlinks.json files.
struct AssetLinksDiffJSON: Encodable {
  struct Grant: Encodable {
    var package: String
    var fingerprint: String
    var relation: String

    init(_ grant: AssetLinksDiff.Grant) {
      package = grant.package
      fingerprint = grant.fingerprint
      relation = grant.relation
    }
  }

  struct Rules: Encodable {
    var app: String
    var before: [String]
    var after: [String]
  }

  struct Route: Encodable {
    var input: String
    var app: String
    var before: String
    var after: String
  }

  var kind = "assetlinks"
  var old: String
  var new: String
  var changed: Bool
  var addedGrants: [Grant]
  var removedGrants: [Grant]
  var dynamicRules: [Rules]
  var routed: Int
  var routes: [Route]

  init(
    old: String, new: String, changed: Bool, addedGrants: [Grant], removedGrants: [Grant],
    dynamicRules: [Rules], routed: Int, routes: [Route]
  ) {
    self.old = old
    self.new = new
    self.changed = changed
    self.addedGrants = addedGrants
    self.removedGrants = removedGrants
    self.dynamicRules = dynamicRules
    self.routed = routed
    self.routes = routes
  }
}

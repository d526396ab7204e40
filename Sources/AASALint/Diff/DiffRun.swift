import AASA
import AASACore
import AASALiveCheck

/// `aasa-lint diff OLD NEW`: what changed in behaviour, per app, and (with URLs) which URLs now
/// open another app.
package struct DiffRun: FormatDeclaring {
  package struct Input {
    package var name: String
    package var bytes: [UInt8]

    package init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }

    /// A file, `-` (standard input), or an `https://` URL fetched as `aasa-lint URL` fetches an
    /// association file (as Apple's fetcher does: no redirects, its size cap, `http://` refused
    /// with the fetcher's reason), so that a live site diffs against a file as it lints.
    package static func read(
      _ argument: String, limit: Int, caFile: String?, timeoutSeconds: Double
    ) async throws -> Input {
      if PageFetcher.isRemote(argument) {
        let bytes = try await RemoteFile.fetch(
          url: argument, trust: try TrustRoots.fromArgument(caFile: caFile),
          timeoutSeconds: timeoutSeconds)
        return Input(name: argument, bytes: bytes)
      }
      return Input(
        name: argument == "-" ? "<stdin>" : argument,
        bytes: try FileInput.read(argument, limit: limit))
    }
  }

  /// A file Apple would not use at all, and the finding that says why.
  struct IgnoredFile {
    var role: String
    var input: Input
    var reason: Diagnostic
  }

  /// A URL whose outcome differs between the two files.
  package struct RoutingChange: Sendable {
    package var input: String
    package var before: RoutingExpectation.Outcome
    package var after: RoutingExpectation.Outcome
  }

  package static let formats: [OutputFormat] = [.text, .json]

  package var old: Input
  package var new: Input
  package var exitCodeOnChange: Bool

  package init(old: Input, new: Input, exitCodeOnChange: Bool = false) {
    self.old = old
    self.new = new
    self.exitCodeOnChange = exitCodeOnChange
  }

  /// The kinds of file `diff` compares with Apple's rules; two assetlinks.json files go to
  /// ``runAssetLinks(old:new:urls:output:)`` first. Any other kind is a usage error that names it,
  /// checked here in one place.
  static let comparableKinds: [InputKind] = [.aasa]

  /// Refuses an input `diff` cannot compare, naming what it is.
  static func requireComparable(_ input: Input) throws {
    let kind = InputKind.detect(input.bytes)
    guard comparableKinds.contains(kind) else {
      throw UsageError(
        "diff compares two apple-app-site-association files or two assetlinks.json files; "
          + "\(input.name) is \(kind.describedWithArticle)"
      )
    }
  }

  package func run(urls: URLSource) throws -> any Report {
    if let lists = assetLinksLists() {
      return try assetLinksDiff(old: lists.old, new: lists.new, urls: urls)
    }
    try Self.requireComparable(old)
    try Self.requireComparable(new)
    let (oldAssociation, oldIgnored) = association(old)
    let (newAssociation, newIgnored) = association(new)
    let ignored = [("old", old, oldIgnored), ("new", new, newIgnored)].compactMap {
      role, input, reason in reason.map { IgnoredFile(role: role, input: input, reason: $0) }
    }
    let diff = AssociationDiff(old: oldAssociation, new: newAssociation)
    let oldMatcher = Matcher(oldAssociation)
    let newMatcher = Matcher(newAssociation)
    var changes: [RoutingChange] = []
    var routed = 0
    try urls.forEach { line in
      routed += 1
      let input = URLInput(String(line))
      let before = RoutingExpectation.outcome(of: oldMatcher.route(input, explain: false), app: nil)
        .0
      let after = RoutingExpectation.outcome(of: newMatcher.route(input, explain: false), app: nil)
        .0
      if before != after {
        changes.append(RoutingChange(input: String(line), before: before, after: after))
      }
    }
    return AssociationDiffReport(
      old: old.name, new: new.name, diff: diff, changes: changes, routed: routed,
      ignored: ignored, exitCodeOnChange: exitCodeOnChange)
  }

  /// `new.json:3:5: trailing comma before `]` [AASA002]`.
  static func describe(_ input: Input, _ reason: Diagnostic) -> String {
    "\(input.name):\(reason.location): \(reason.message) [\(reason.code)]"
  }

  /// What the file does on a device: nothing at all when Apple would ignore it (a JSON error, over
  /// 128 KB), which the second value explains.
  private func association(_ input: Input) -> (SiteAssociation, ignoredBecause: Diagnostic?) {
    let report = SiteAssociationLinter().lint(input.bytes, source: input.name)
    if let reason = report.whyAppleIgnoresFile { return (SiteAssociation(), reason) }
    return (report.association ?? SiteAssociation(), nil)
  }
}

/// What `aasa-lint diff OLD NEW` found for two apple-app-site-association files: the rules that
/// changed per app, and (with `--urls`) the URLs that now open another app.
package struct AssociationDiffReport: Report {
  package var old: String
  package var new: String
  package var diff: AssociationDiff
  package var changes: [DiffRun.RoutingChange]
  package var routed: Int
  var ignored: [DiffRun.IgnoredFile]
  /// `--exit-code`: a change in behaviour fails the run, as `git diff --exit-code` does.
  package var exitCodeOnChange: Bool

  package var outcome: Outcome {
    Outcome(failing: exitCodeOnChange && (!diff.isEmpty || !changes.isEmpty))
  }
}

extension AssociationDiffReport: TextReport, JSONReport {
  package func writeText(to sink: OutputSink, _ context: RenderContext) {
    let style = context.style
    // File names, app IDs, rules and URLs come from the inputs: every one is shown escaped.
    func shown(_ text: some StringProtocol) -> String { text.escapingControlCharacters }
    for file in ignored {
      sink.line(
        style.red("Apple ignores \(shown(file.input.name)) as a whole, so it opens no URL: ")
          + shown(DiffRun.describe(file.input, file.reason)))
    }
    if diff.isEmpty {
      sink.line(
        style.green("no change in behaviour")
          + style.dim(" (\(shown(old)) → \(shown(new)))"))
    }
    for app in diff.apps {
      let suffix = app.presence.map { " (\($0.rawValue))" } ?? ""
      sink.line(style.bold(shown(app.app)) + suffix)
      for change in app.rules {
        switch change {
        case .added(let origin):
          sink.line("  " + style.green("+ \(origin.reference) \(shown(origin.written))"))
        case .removed(let origin):
          sink.line("  " + style.red("- \(origin.reference) \(shown(origin.written))"))
        case .changed(let old, let new, let differences):
          sink.line(
            "  " + style.yellow("~ \(new.reference) \(shown(new.written))")
              + was(old, new, style: style))
          for difference in differences { sink.line("      " + shown(difference)) }
        case .moved(let old, let new):
          sink.line(
            "  " + style.cyan("↕ \(new.reference) \(shown(new.written))")
              + was(old, new, style: style))
        }
      }
    }
    if let order = diff.appOrder {
      sink.line(style.bold("app order") + " (the first matching app wins)")
      sink.line("  before: " + shown(order.old.joined(separator: ", ")))
      sink.line("  after:  " + shown(order.new.joined(separator: ", ")))
    }
    if routed > 0 {
      let inputs = changes.map { shown($0.input) }
      let width = inputs.map(\.count).max() ?? 0
      for (change, input) in zip(changes, inputs) {
        let padding = String(repeating: " ", count: width - input.count)
        sink.line(
          "\(input)\(padding)  \(shown(change.before.description)) → "
            + style.bold(shown(change.after.description)))
      }
      sink.line("\(changes.count) of \(routed) URLs route differently")
    }
  }

  /// "(was details[0].components[3])" when the rule stood elsewhere before.
  private func was(
    _ old: EffectiveRule.Origin, _ new: EffectiveRule.Origin, style: TerminalStyle
  ) -> String {
    old.reference == new.reference ? "" : style.dim(" (was \(old.reference))")
  }

  package var jsonDocument: any Encodable {
    DiffJSON(
      old: old, new: new, changed: !diff.isEmpty || !changes.isEmpty,
      ignoredByApple: ignored.isEmpty
        ? nil
        : Dictionary(ignored.map { ($0.role, DiagnosticJSON($0.reason)) }) { first, _ in first },
      apps: diff.apps.map(DiffJSON.App.init),
      appOrder: diff.appOrder.map { DiffJSON.AppOrder(old: $0.old, new: $0.new) },
      routed: routed,
      routes: changes.map {
        DiffJSON.Route(input: $0.input, before: $0.before.description, after: $0.after.description)
      })
  }
}

/// `aasa-lint diff --format json`: what changed per app and which URLs route differently.
/// `ignoredByApple` says which file Apple ignores as a whole, and why: `old`, `new` or both, else
/// the key is absent.
struct DiffJSON: Encodable {
  struct Origin: Encodable {
    var path: String
    var rule: String

    init(_ origin: EffectiveRule.Origin) {
      path = origin.reference
      rule = origin.written
    }
  }

  struct RuleChange: Encodable {
    var change: String
    var old: Origin?
    var new: Origin?
    var differences: [String]?

    init(_ change: AssociationDiff.RuleChange) {
      switch change {
      case .added(let new): self.change = "added"; self.new = Origin(new)
      case .removed(let old): self.change = "removed"; self.old = Origin(old)
      case .changed(let old, let new, let differences):
        self.change = "changed"
        self.old = Origin(old)
        self.new = Origin(new)
        self.differences = differences
      case .moved(let old, let new):
        self.change = "moved"
        self.old = Origin(old)
        self.new = Origin(new)
      }
    }
  }

  struct App: Encodable {
    var app: String
    var presence: Nullable<String>
    var rules: [RuleChange]

    init(_ change: AssociationDiff.AppChange) {
      app = change.app
      presence = Nullable(change.presence?.rawValue)
      rules = change.rules.map(RuleChange.init)
    }
  }

  struct AppOrder: Encodable {
    var old: [String]
    var new: [String]
  }

  struct Route: Encodable {
    var input: String
    var before: String
    var after: String
  }

  var old: String
  var new: String
  var changed: Bool
  var ignoredByApple: [String: DiagnosticJSON]?
  var apps: [App]
  var appOrder: AppOrder?
  var routed: Int
  var routes: [Route]
}

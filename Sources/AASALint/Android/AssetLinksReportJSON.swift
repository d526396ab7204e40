import AASAAndroid
import AASACore

/// The `--format json` report of an assetlinks.json routed for Android:
///
/// ```
/// {"file", "kind": "assetlinks", "diagnostics": [...], "routes": [{"input", "apps": [{"app",
///  "verdict": "open"|"excluded"|"none", "statement", "component", "rule", "closest"?,
///  "reason"}]}], "grants"?, "expectations"?, "summary"}
/// ```
struct AssetLinksReportJSON: Encodable {
  var file: String
  var kind = "assetlinks"
  var diagnostics: [DiagnosticJSON]
  var routes: [AndroidRoutingJSON]
  var grants: [AssociationLintJSON.GrantJSON]?
  var expectations: ExpectationsJSON<AndroidExpectationJSON>?
  var summary: SummaryJSON

  init(
    file: String, diagnostics: [DiagnosticJSON], routes: [AndroidRoutingJSON],
    summary: SummaryJSON
  ) {
    self.file = file
    self.diagnostics = diagnostics
    self.routes = routes
    self.summary = summary
  }
}

/// `{"input", "apps": [...]}`.
struct AndroidRoutingJSON: Encodable {
  var input: String
  var apps: [AndroidVerdictJSON]

  init(_ routing: AndroidRouting) {
    input = routing.input
    apps = routing.verdicts.map(AndroidVerdictJSON.init)
  }
}

/// One app's verdict: the deciding component (`statement`, `component`, `rule`), or the closest
/// one and what it failed, and the reason in words.
struct AndroidVerdictJSON: Encodable {
  struct Closest: Encodable {
    var component: Int
    var rule: JSONValue
    var failed: [String]
  }

  var app: String
  var verdict: String
  var statement: Nullable<Int>
  var component: Nullable<Int>
  var rule: Nullable<JSONValue>
  var closest: Closest?
  var reason: String

  init(_ verdict: AndroidVerdict) {
    app = verdict.app
    self.verdict = verdict.kind.rawValue
    statement = Nullable(verdict.statement)
    component = Nullable(verdict.component)
    reason = AndroidRoutingExplanation.reason(verdict)
    switch verdict.reason {
    case .matched(let written):
      rule = Nullable(JSONReader.read(written).value)
    case .nothingMatched(let near):
      rule = Nullable(nil)
      closest = near.map {
        Closest(
          component: $0.component,
          rule: JSONReader.read($0.written).value ?? JSONValue(.string($0.written), at: .start),
          failed: $0.failed.map(\.description))
      }
    default:
      rule = Nullable(nil)
    }
  }
}

/// `{"line", "input", "expected", "actual", "app", "met"}`.
struct AndroidExpectationJSON: Encodable {
  var line: Int
  var input: String
  var expected: String
  var actual: String
  var app: Nullable<String>
  var met: Bool

  init(_ result: AndroidExpectationResult) {
    line = result.expectation.line
    input = result.expectation.input
    expected = result.expectation.expected.description
    actual = result.actual.rawValue
    app = Nullable(result.verdict?.app)
    met = result.isMet
  }
}

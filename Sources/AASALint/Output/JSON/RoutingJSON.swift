import AASA
import AASACore

/// A routed URL in JSON: `{"input", "app", "foreignHost"?, "verdicts": [...]}`.
struct RoutingJSON: Encodable {
  var input: String
  var app: Nullable<String>
  var foreignHost: String?
  var verdicts: [VerdictJSON]

  /// With `app`, only that app's verdict; an app the file does not list opens nothing, which is
  /// said rather than leaving the list empty.
  init(_ routing: Routing, app: String?) {
    input = routing.input.text
    self.app = Nullable(routing.app)
    foreignHost = routing.foreignHost
    var verdicts = routing.verdicts.filter { app == nil || $0.app == app }
    if let app, verdicts.isEmpty {
      verdicts = [Verdict(app: app, kind: .none, detail: -1)]
    }
    self.verdicts = verdicts.map(VerdictJSON.init)
  }
}

/// One app's verdict: the deciding rule, or (when none decided) the closest one and what failed.
struct VerdictJSON: Encodable {
  struct Closest: Encodable {
    var detail: Int
    var component: Int
    var rule: JSONValue
    var failed: String
  }

  var app: String
  var verdict: String
  var detail: Nullable<Int>
  var component: Nullable<Int>
  var rule: Nullable<JSONValue>
  var ruleKind: String?
  var caseSensitive: Bool?
  var percentEncoded: Bool?
  var closest: Closest?

  init(_ verdict: Verdict) {
    app = verdict.app
    self.verdict = verdict.kind.rawValue
    if let rule = verdict.decidingRule {
      detail = Nullable(rule.detail)
      component = Nullable(rule.index)
      self.rule = Nullable(Self.written(rule))
      ruleKind = rule.origin == .legacyPath ? "path" : "component"
      caseSensitive = rule.caseSensitive
      percentEncoded = rule.percentEncoded
    } else {
      detail = Nullable(nil)
      component = Nullable(nil)
      rule = Nullable(nil)
      closest = verdict.closest.map { closest in
        Closest(
          detail: closest.rule.detail, component: closest.rule.index,
          rule: Self.written(closest.rule), failed: closest.failedPartDescription)
      }
    }
  }

  /// The rule as written: a legacy path as its string, a component as its JSON object.
  static func written(_ rule: RuleReference) -> JSONValue {
    if rule.origin != .legacyPath, let object = JSONReader.read(rule.written).value {
      return object
    }
    return JSONValue(.string(rule.written), at: .start)
  }
}

/// The checked rows of an `--expect` table: `{"file", "met", "failed", "results": [...]}`.
struct ExpectationsJSON<Row: Encodable>: Encodable {
  var file: String
  var met: Int
  var failed: Int
  var results: [Row]
}

extension ExpectationsJSON where Row == ExpectationResultJSON {
  init(file: String, results: [ExpectationResult]) {
    self.file = file
    met = results.filter(\.isMet).count
    failed = results.count - met
    self.results = results.map(ExpectationResultJSON.init)
  }
}

/// `{"line", "input", "expected", "actual", "met", "rule"}`.
struct ExpectationResultJSON: Encodable {
  var line: Int
  var input: String
  var expected: String
  var actual: String
  var met: Bool
  var rule: Nullable<JSONValue>

  init(_ result: ExpectationResult) {
    line = result.expectation.line
    input = result.expectation.input
    expected = result.expectation.expected.description
    actual = result.actual.description
    met = result.isMet
    rule = Nullable(result.decidingRule.map(VerdictJSON.written))
  }
}

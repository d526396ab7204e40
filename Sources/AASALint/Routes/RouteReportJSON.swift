import AASACore
import AASARoutes

/// A route config's `--format json` report: `{"file", "kind": "routes", "diagnostics", "routes",
/// "warnings", "expectations"?, "summary"}`.
struct RouteReportJSON: Encodable {
  var file: String
  var kind = "routes"
  var diagnostics: [DiagnosticJSON]
  var routes: [RouteAnswerJSON]
  var warnings: [String]
  var expectations: ExpectationsJSON<RouteExpectationJSON>?
  var summary: SummaryJSON

  init(
    file: String, diagnostics: [DiagnosticJSON], routes: [RouteAnswerJSON], warnings: [String],
    expectations: ExpectationsJSON<RouteExpectationJSON>?, summary: SummaryJSON
  ) {
    self.file = file
    self.diagnostics = diagnostics
    self.routes = routes
    self.warnings = warnings
    self.expectations = expectations
    self.summary = summary
  }
}

/// One routed link in `--format json`, the shape docs/routes.md documents:
///
/// ```
/// {"input": …, "platform": "ios", "route": "data/:dataId" | "defaultRoute" | null,
///  "via": "exact" | "trimmed" | "default" | "none", "matched": … | null, "params": {…},
///  "handlers": […], "class": … | null, "identifier": … | null, "storyboard": … | null,
///  "closest": {"route": …, "failed": …} | null}
/// ```
struct RouteAnswerJSON: Encodable {
  struct Closest: Encodable {
    var route: String
    var failed: String
  }

  /// A storyboard by name, or one per device.
  enum Storyboard: Encodable {
    case name(String)
    case devices(iPhone: String?, iPad: String?)

    func encode(to encoder: any Encoder) throws {
      switch self {
      case .name(let name):
        var container = encoder.singleValueContainer()
        try container.encode(name)
      case .devices(let iPhone, let iPad):
        try ["iPhone": Nullable(iPhone), "iPad": Nullable(iPad)].encode(to: encoder)
      }
    }
  }

  var input: String
  var platform: String
  var route: Nullable<String>
  var via: String
  var matched: Nullable<String>
  var params: [String: String]
  var handlers: [String]
  var className: Nullable<String>
  var identifier: Nullable<String>
  var storyboard: Nullable<Storyboard>
  var closest: Nullable<Closest>

  enum CodingKeys: String, CodingKey {
    case input, platform, route, via, matched, params, handlers
    case className = "class"
    case identifier, storyboard, closest
  }

  init(_ answer: RouteAnswer) {
    input = answer.input
    platform = answer.platform.rawValue
    route = Nullable(answer.routeName)
    via = answer.via.rawValue
    matched = Nullable(answer.matched)
    // A repeated parameter name keeps its last value, as both libraries' dictionaries do.
    params = Dictionary(answer.parameters.map { ($0.name, $0.value) }) { _, last in last }
    handlers = answer.target?.handlers ?? []
    className = Nullable(answer.target?.className)
    identifier = Nullable(answer.platform == .ios ? answer.target?.identifier : nil)
    storyboard = Nullable(
      answer.storyboard.map { storyboard in
        switch storyboard {
        case .name(let name): .name(name)
        case .devices(let iPhone, let iPad): .devices(iPhone: iPhone, iPad: iPad)
        }
      })
    closest = Nullable(
      answer.closest.map { Closest(route: $0.routeKey, failed: $0.failure.description) })
  }
}

/// A route config's `--expect` row, checked: `{"line", "input", "expected", "actual", "met"}`.
struct RouteExpectationJSON: Encodable {
  var line: Int
  var input: String
  var expected: String
  var actual: String
  var met: Bool

  init(_ result: RouteExpectationResult) {
    line = result.line
    input = result.input
    expected = result.expected
    actual = result.actual
    met = result.isMet
  }
}

import AASACore
import AASARoutes

/// One route-config code's example: a config that triggers it, with `⟪` before the character the
/// finding must point at, the path it must name, and a near-identical config that must not.
struct RouteDiagnosticCase: Sendable, CustomStringConvertible {
  var code: String
  var path: String
  var trigger: String
  var valid: String

  var description: String { code }

  /// The trigger without the marker, and the marker's line and column.
  var triggerInput: (bytes: [UInt8], line: Int, column: Int) {
    var text = ""
    var line = 1
    var column = 1
    var found: (Int, Int)?
    for scalar in trigger.unicodeScalars {
      if scalar == "⟪" {
        found = (line, column)
        continue
      }
      if found == nil {
        if scalar == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      text.unicodeScalars.append(scalar)
    }
    precondition(found != nil, "\(code): the trigger has no marker")
    return (Array(text.utf8), found!.0, found!.1)
  }
}

/// Every route-config code with its example.
let routeDiagnosticCases: [RouteDiagnosticCase] = [
  .init(code: "MDL001", path: "", trigger: "⟪[1]", valid: #"{"defaultRoute": {"class": "A"}}"#),
  .init(
    code: "MDL002", path: "routes.a.handlers",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "handlers": ⟪"log"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "handlers": ["log"]}}}"#
  ),
  .init(
    code: "MDL003", path: "routes.a.clas",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {⟪"clas": "A", "class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL004", path: "", trigger: #"⟪{"routes": {"a": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL005", path: "routes", trigger: #"{"defaultRoute": {"class": "H"}, "routes": ⟪{}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL006", path: "logging",
    trigger:
      #"{"logging": ⟪"false", "defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#,
    valid: #"{"logging": false, "defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL007", path: "logging",
    trigger:
      #"{"logging": ⟪true, "defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": "^[0-9]$"}}}}}"#,
    valid:
      #"{"logging": false, "defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": "^[0-9]$"}}}}}"#
  ),
  .init(
    code: "MDL101", path: "routes./a",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"/a": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL102", path: "routes.a//b",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"a//b": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a/b": {"class": "A"}}}"#),
  .init(
    code: "MDL103", path: "routes.a/",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"a/": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL104", path: "routes.a/:id/:id",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"a/:id/:id": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id/:slug": {"class": "A"}}}"#),
  .init(
    code: "MDL105", path: "routes.a/:",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"a/:": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A"}}}"#),
  .init(
    code: "MDL106", path: "routes.",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {⟪"": {"class": "A"}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}}}"#),
  .init(
    code: "MDL107", path: "routes.a",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}, ⟪"a": {"class": "B"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A"}, "b": {"class": "B"}}}"#
  ),
  .init(
    code: "MDL201", path: "routes.a/:id.routeParameters.id.regex",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": ⟪"^[0-9$"}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": "^[0-9]$"}}}}}"#
  ),
  .init(
    code: "MDL202", path: "routes.a/:id.routeParameters.id.regex",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": ⟪"[0-9]"}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": "^[0-9]$"}}}}}"#
  ),
  .init(
    code: "MDL203", path: "routes.a/:id.routeParameters.id.regex",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": ⟪"^(a+)+$"}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"regex": "^(a)+$"}}}}}"#
  ),
  .init(
    code: "MDL204", path: "routes.a.routeParameters.q.required",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": {"required": ⟪true}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": {"required": "true"}}}}}"#
  ),
  .init(
    code: "MDL205", path: "routes.a.routeParameters.q.required",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": {"required": ⟪"TRUE"}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": {"required": "false"}}}}}"#
  ),
  .init(
    code: "MDL206", path: "routes.a/:id.routeParameters.id.required",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"required": ⟪"true"}}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"id": {"required": "false"}}}}}"#
  ),
  .init(
    code: "MDL208", path: "routes.a.routeParameters.q",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": ⟪"true"}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"class": "A", "routeParameters": {"q": {}}}}}"#
  ),
  .init(
    code: "MDL301", path: "routes.a/:name",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"q": {"required": "true"}}}, ⟪"a/:name": {"class": "B"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a/:id": {"class": "A", "routeParameters": {"q": {"required": "true"}}}, "b/:name": {"class": "B"}}}"#
  ),
  .init(
    code: "MDL302", path: "routes.handler/order",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"handler/:id": {"class": "A"}, ⟪"handler/order": {"class": "B"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"handler/:id": {"class": "A", "routeParameters": {"id": {"regex": "^[0-9]$"}}}, "handler/order": {"class": "B"}}}"#
  ),
  .init(
    code: "MDL401", path: "routes.a",
    trigger: #"{"defaultRoute": {"class": "H"}, "routes": {"a": ⟪{"storyboard": "Main"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"storyboard": "Main", "identifier": "a"}}}"#
  ),
  .init(
    code: "MDL402", path: "routes.a.class",
    trigger:
      #"{"defaultRoute": {"class": "com.example.Home"}, "routes": {"a": {"class": ⟪"AActivity"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "com.example.Home"}, "routes": {"a": {"class": "com.example.AActivity"}}}"#
  ),
  .init(
    code: "MDL403", path: "routes.a.class",
    trigger:
      #"{"storyboard": "Main", "defaultRoute": {"class": "H", "identifier": "h"}, "routes": {"a": {"class": ⟪"AViewController"}}}"#,
    valid:
      #"{"storyboard": "Main", "defaultRoute": {"class": "H", "identifier": "h"}, "routes": {"a": {"class": "AViewController", "identifier": "a"}}}"#
  ),
  .init(
    code: "MDL404", path: "routes.a.storyboard",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"identifier": "a", "storyboard": ⟪{"iPad": "Main_iPad"}}}}"#,
    valid:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"identifier": "a", "storyboard": {"iPhone": "Main_iPhone"}}}}"#
  ),
  .init(
    code: "MDL405", path: "routes.a.handlers[1]",
    trigger:
      #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"handlers": ["log", ⟪""]}}}"#,
    valid: #"{"defaultRoute": {"class": "H"}, "routes": {"a": {"handlers": ["log", "track"]}}}"#),
  .init(
    code: "MDL406", path: "routes.a",
    trigger:
      #"{"defaultRoute": {"class": "com.example.Home"}, "routes": {"a": ⟪{"identifier": "a"}}}"#,
    valid:
      #"{"defaultRoute": {"class": "com.example.Home"}, "routes": {"a": {"identifier": "a", "class": "com.example.A"}}}"#
  ),
]

import AASACore
import AASARoutes
import Testing

/// Lints `json` and builds its router, failing the test if the text is not a route config.
func router(_ json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  -> Router
{
  let report = RouteConfigLinter.lint(Array(json.utf8))
  let config = try #require(report.config, "\(report.diagnostics)", sourceLocation: sourceLocation)
  return Router(config)
}

/// A config of routes with the given keys and bodies, and a defaultRoute, as the tests write it.
func config(_ routes: String, defaultRoute: Bool = true, logging: String? = nil) -> String {
  var members: [String] = []
  if let logging { members.append("\"logging\": \(logging)") }
  if defaultRoute { members.append("\"defaultRoute\": {\"class\": \"Home\"}") }
  members.append("\"routes\": {\(routes)}")
  return "{" + members.joined(separator: ", ") + "}"
}

extension RouteAnswer {
  /// The parameters as `name=value` strings, in order.
  var parameterList: [String] { parameters.map { "\($0.name)=\($0.value)" } }
}

// routes: lint a MobileDeepLinking route config and route deep links with it on both platforms.
//
// Input: the config, then optionally a NUL byte and deep links, one per line. Without a NUL, each
// route's key (with `5` for every `:param`) is routed, as a link under scheme `x`. Checks: the
// report's findings are in file order and inside the file; every answer is consistent (an exact
// answer matched the input as given, a trimmed one a shorter link with the same query, a default
// answer only with a defaultRoute, none only without); the parameters are the route's own.

import AASACore
import AASARoutes

private let maximumLinks = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoutes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (file, lines) = splitAtFirstNUL(bytes)
  let report = RouteConfigLinter.lint(file)
  var previous = -1
  for diagnostic in report.diagnostics {
    require(diagnostic.location.offset >= previous, "findings out of file order")
    require(diagnostic.location.offset <= file.count, "a finding past the end of the file")
    require(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "a finding at 0")
    previous = diagnostic.location.offset
  }
  guard let config = report.config else { return 0 }
  // A pattern like `(a+)+$` backtracks exponentially in ICU, in the app as here (docs/routes.md,
  // MDL203, which the linter reports): routing with one would only find that known slowness.
  let risky = config.routes.contains { route in
    route.parameters.values.contains { $0.regex?.mayBacktrackCatastrophically == true }
  }
  if risky { return 0 }
  let router = Router(config)
  let links =
    lines
    ?? config.routes.map { route in
      "x://"
        + route.iosSegments.map { segment in
          if case .parameter = segment { "5" } else { segment.description }
        }.joined(separator: "/")
    }
  for link in links.prefix(maximumLinks) {
    for platform in Platform.allCases {
      check(router.route(link, on: platform), config: config)
    }
  }
  return 0
}

private func check(_ answer: RouteAnswer, config: RouteConfig) {
  switch answer.via {
  case .exact:
    require(answer.matched == answer.input, "an exact answer matched another link")
    require(answer.route != nil, "an exact answer without a route")
  case .trimmed:
    require(answer.route != nil && answer.matched != nil, "a trimmed answer without a route")
    require(answer.platform == .ios, "Android reached a route after trimming")
  case .default:
    require(config.defaultRoute != nil, "a default answer without a defaultRoute")
    require(answer.parameters.isEmpty && answer.matched == nil, "a default answer with a match")
  case .none:
    require(config.defaultRoute == nil, "no answer although there is a defaultRoute")
  }
  if let route = answer.route {
    let names = Set(route.pathParameterNames).union(route.parameterNames)
    for parameter in answer.parameters {
      require(names.contains(parameter.name), "a parameter the route does not declare")
    }
  }
}

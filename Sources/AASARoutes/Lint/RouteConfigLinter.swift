import AASACore

/// Lints a `MobileDeepLinkingConfig.json`: reads it (``JSONReader``), parses it as both libraries
/// do, and names every trap of `docs/routes.md#diagnostics` with its line, column and JSON path.
///
/// Every check is one pass over the routes, except overlap, which compares only routes of the
/// same shape and at most ``RouteOverlap/maximumComparisons`` pairs.
public struct RouteConfigLinter: FormatLinter {
  public init() {}

  public static func lint(_ bytes: [UInt8]) -> RouteConfigReport {
    RouteConfigLinter().lint(SourceDocument(name: "-", bytes: bytes))
  }

  public func lint(_ document: SourceDocument) -> RouteConfigReport {
    let read = document.json
    guard let json = read.value else {
      // The reader reports a duplicated key after its value: findings are put in file order.
      return RouteConfigReport(
        json: nil, config: nil, diagnostics: read.diagnostics.sortedByLocation())
    }
    var parser = RouteConfigParser()
    let config = parser.parse(json)
    var checks = RouteChecks(json: json)
    if let config { checks.check(config) }
    let diagnostics =
      read.diagnostics + parser.allDiagnostics + checks.allDiagnostics
    return RouteConfigReport(
      json: json, config: config, diagnostics: diagnostics.sortedByLocation())
  }
}

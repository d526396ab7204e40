import AASACore

/// An expectation checked against the file: what was expected, what happened, and the rule that
/// decided it.
public struct ExpectationResult: Sendable {
  public var expectation: RoutingExpectation
  public var actual: RoutingExpectation.Outcome
  public var decidingRule: RuleReference?
  public var closest: NearMiss?

  public var isMet: Bool { actual == expectation.expected }

  /// Routes every expectation's input with `matcher`.
  public static func check(
    _ expectations: [RoutingExpectation], matcher: Matcher, app: String?
  ) -> [ExpectationResult] {
    expectations.map { expectation in
      let routing = matcher.route(URLInput(expectation.input))
      let (actual, rule) = RoutingExpectation.outcome(of: routing, app: app)
      let closest = routing.verdicts.first(where: { app == nil || $0.app == app })?.closest
      return ExpectationResult(
        expectation: expectation, actual: actual, decidingRule: rule, closest: closest)
    }
  }

  /// `routes.tsv:4: /albums/1: expected X, got none (closest: …)`.
  public func describe(file: String) -> String {
    var text =
      "\(file):\(expectation.line): \(expectation.input): expected \(expectation.expected), got \(actual)"
    if let rule = decidingRule {
      text += " by \(rule.name) \(rule.displayText)"
    } else if let closest {
      text +=
        " (closest: \(closest.rule.name) \(closest.rule.displayText), which differs in the \(closest.failedPartDescription))"
    }
    return text
  }
}

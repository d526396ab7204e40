import AASA

/// Prints routing decisions for people, one aligned line per URL:
/// `/videos/samples/2010/x  →  blocked for D3KQX62K1A.com.example.videoapp by details[1].paths[1] "NOT /videos/samples/2010/*"`.
public struct RoutingTextRenderer {
  public var style: TerminalStyle
  /// Also list every app's verdict under each URL.
  public var verbose: Bool

  public init(style: TerminalStyle, verbose: Bool) {
    self.style = style
    self.verbose = verbose
  }

  public func render(_ routings: [Routing], app: String?, to sink: OutputSink) {
    let width = routings.map { $0.input.text.count }.max() ?? 0
    for routing in routings {
      let padding = String(repeating: " ", count: max(0, width - routing.input.text.count))
      sink.line(style.bold(routing.input.text) + padding + "  →  " + headline(routing, app: app))
      if verbose {
        for verdict in routing.verdicts {
          sink.line("      " + style.dim("\(verdict.app): ") + describe(verdict, named: false))
        }
      }
    }
  }

  /// What the URL does, in one phrase.
  public func headline(_ routing: Routing, app: String?) -> String {
    if let host = routing.foreignHost {
      return style.dim("no app: the host \(host) is not this site's")
    }
    if let app {
      guard let verdict = routing.verdicts.first(where: { $0.app == app }) else {
        return style.dim("\(app) is not in the file")
      }
      return describe(verdict, named: true)
    }
    if let match = routing.verdicts.first(where: { $0.kind == .match }) {
      return describe(match, named: true)
    }
    if let blocked = routing.verdicts.first(where: { $0.kind == .blocked }) {
      return describe(blocked, named: true)
    }
    if routing.verdicts.isEmpty { return style.dim("no app: the file names no app") }
    let closest = routing.verdicts.compactMap(\.closest).first
    return style.dim("no app") + (closest.map { " (" + describeNearMiss($0) + ")" } ?? "")
  }

  private func describe(_ verdict: Verdict, named: Bool) -> String {
    let who = named ? verdict.app : ""
    switch verdict.kind {
    case .match:
      let rule = verdict.decidingRule.map { " by " + describeRule($0) } ?? ""
      return (named ? style.green(who) : style.green("match")) + rule
    case .blocked:
      let rule = verdict.decidingRule.map { " by " + describeRule($0) } ?? ""
      return style.red("blocked") + (named ? " for \(who)" : "") + rule
    case .none:
      let closest = verdict.closest.map { " (" + describeNearMiss($0) + ")" } ?? ""
      return style.dim(named ? "none for \(who)" : "none") + closest
    }
  }

  private func describeRule(_ rule: RuleReference) -> String {
    var text = rule.name + " " + style.cyan(rule.displayText)
    if verbose {
      text += style.dim(
        " (caseSensitive: \(rule.caseSensitive), percentEncoded: \(rule.percentEncoded))")
    }
    return text
  }

  private func describeNearMiss(_ nearMiss: NearMiss) -> String {
    "closest: \(nearMiss.rule.name) \(nearMiss.rule.displayText), which differs in the \(nearMiss.failedPartDescription)"
  }
}

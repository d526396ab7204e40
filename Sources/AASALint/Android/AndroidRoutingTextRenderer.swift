import AASA
import AASAAndroid
import AASACore

/// Prints Android routing decisions for people, one aligned line per URL, as Apple's routing is
/// printed:
/// `https://example.com/products/1  →  open for com.example.app by statement [0] component [0] {"/":"/products/*"}`.
struct AndroidRoutingTextRenderer {
  var style: TerminalStyle
  /// Also list every app's verdict under each URL.
  var verbose: Bool

  func render(_ routings: [AndroidRouting], app: String?, to sink: OutputSink) {
    let inputs = routings.map { $0.input.escapingControlCharacters }
    let width = inputs.map(\.count).max() ?? 0
    for (routing, input) in zip(routings, inputs) {
      let padding = String(repeating: " ", count: max(0, width - input.count))
      sink.line(
        style.bold(input) + padding + "  →  "
          + styled(AndroidRoutingExplanation.headline(routing, app: app)))
      if verbose && app == nil {
        for verdict in routing.verdicts {
          sink.line(
            "      " + style.dim("\(verdict.app.escapingControlCharacters): ")
              + styled(AndroidRoutingExplanation.describe(verdict, named: false)))
        }
      }
    }
  }

  private func styled(_ phrases: [Phrase]) -> String {
    style.styled(phrases, blocked: style.red)
  }
}

/// Android verdicts in words: the deciding component, or the closest one and what it failed.
enum AndroidRoutingExplanation {
  static func headline(_ routing: AndroidRouting, app: String?) -> [Phrase] {
    if routing.verdicts.isEmpty {
      return [Phrase("no app: the file grants no app App Links", .quiet)]
    }
    let chosen =
      routing.verdicts.first { $0.kind == .open }
      ?? routing.verdicts.first { $0.kind == .excluded } ?? routing.verdicts[0]
    return describe(chosen, named: true)
  }

  static func describe(_ verdict: AndroidVerdict, named: Bool) -> [Phrase] {
    let who = named ? " for \(verdict.app)" : ""
    switch verdict.reason {
    case .matched(let written):
      let rule = [
        Phrase(" by statement [\(verdict.statement ?? 0)] component [\(verdict.component ?? 0)] "),
        Phrase(written, .rule),
      ]
      return verdict.kind == .open
        ? [Phrase("open", .opens), Phrase(who)] + rule
        : [Phrase("excluded", .blocked), Phrase(who)] + rule
    case .nothingMatched:
      return [Phrase("excluded", .blocked), Phrase(who), Phrase(": " + reason(verdict))]
    case .noRules, .rulesDiscarded, .notGranted:
      return [Phrase("none" + who, .quiet), Phrase(": " + reason(verdict), .quiet)]
    }
  }

  /// Why, in one sentence.
  static func reason(_ verdict: AndroidVerdict) -> String {
    let statement = verdict.statement.map { "statement [\($0)]" } ?? "the statement"
    switch verdict.reason {
    case .matched:
      return verdict.kind == .open
        ? "the first matching component opens it"
        : "the first matching component excludes it"
    case .nothingMatched(let near):
      let closest =
        near.map {
          " (closest: component [\($0.component)] \($0.written), which differs in the \($0.failedDescription))"
        } ?? ""
      return "no component of \(statement) matches, and Android excludes what nothing matches"
        + closest
    case .noRules:
      return "\(statement) has no dynamic rules, so the manifest alone decides"
    case .rulesDiscarded(let why):
      return
        "Android discards the dynamic rules of \(statement) (\(why)), so the manifest alone decides"
    case .notGranted:
      return "the file does not grant it App Links"
    }
  }
}

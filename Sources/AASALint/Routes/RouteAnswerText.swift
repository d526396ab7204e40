import AASACore
import AASARoutes

/// One routed link for people:
/// `mdldemo://data/5  →  data/:dataId (exact) dataId=5  handlers: logAnalytics  class: Sale`,
/// then, for a link that did not match as given, the closest route and what it failed.
struct RouteAnswerText {
  var style: TerminalStyle

  /// A config's or a link's words, as shown: control characters escaped.
  private func shown(_ text: String?) -> String { (text ?? "").escapingControlCharacters }

  func render(_ answer: RouteAnswer, to sink: OutputSink) {
    var line = answer.input.escapingControlCharacters + "  →  "
    switch answer.via {
    case .exact:
      line += style.green(shown(answer.routeName)) + " (exact)"
    case .trimmed:
      line += style.green(shown(answer.routeName)) + " (trimmed to \(shown(answer.matched)))"
    case .default:
      line += style.yellow("defaultRoute") + " (default)"
    case .none:
      line += style.red("none") + " (no route and no defaultRoute: the app's launch screen)"
    }
    if !answer.parameters.isEmpty {
      line += " " + answer.parameters.map { shown("\($0.name)=\($0.value)") }.joined(separator: " ")
    }
    if let target = answer.target {
      if !target.handlers.isEmpty {
        line += "  handlers: " + shown(target.handlers.joined(separator: ", "))
      }
      if let className = target.className { line += "  class: \(shown(className))" }
      if answer.platform == .ios, let identifier = target.identifier {
        line += "  identifier: \(shown(identifier))"
      }
    }
    switch answer.storyboard {
    case .name(let name): line += "  storyboard: \(shown(name))"
    case .devices(let iPhone, let iPad):
      line += "  storyboard: iPhone \(shown(iPhone ?? "none")), iPad \(shown(iPad ?? "none"))"
    case nil: break
    }
    sink.line(line)
    if let closest = answer.closest {
      sink.line(
        "    "
          + style.dim(shown("closest: \(closest.routeKey), which failed on \(closest.failure)")))
    }
    if !answer.alsoMatching.isEmpty {
      sink.line(
        "    " + style.yellow("iOS may also pick")
          + " \(shown(answer.alsoMatching.joined(separator: ", "))) (dictionary order is undefined)"
      )
    }
  }
}

import AASARoutes

/// One routed link for people:
/// `mdldemo://data/5  →  data/:dataId (exact) dataId=5  handlers: logAnalytics  class: Sale`,
/// then, for a link that did not match as given, the closest route and what it failed.
struct RouteAnswerText {
  var style: TerminalStyle

  func render(_ answer: RouteAnswer, to sink: OutputSink) {
    var line = answer.input + "  →  "
    switch answer.via {
    case .exact:
      line += style.green(answer.routeName ?? "") + " (exact)"
    case .trimmed:
      line += style.green(answer.routeName ?? "") + " (trimmed to \(answer.matched ?? ""))"
    case .default:
      line += style.yellow("defaultRoute") + " (default)"
    case .none:
      line += style.red("none") + " (no route and no defaultRoute: the app's launch screen)"
    }
    if !answer.parameters.isEmpty {
      line += " " + answer.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
    }
    if let target = answer.target {
      if !target.handlers.isEmpty {
        line += "  handlers: " + target.handlers.joined(separator: ", ")
      }
      if let className = target.className { line += "  class: \(className)" }
      if answer.platform == .ios, let identifier = target.identifier {
        line += "  identifier: \(identifier)"
      }
    }
    switch answer.storyboard {
    case .name(let name): line += "  storyboard: \(name)"
    case .devices(let iPhone, let iPad):
      line += "  storyboard: iPhone \(iPhone ?? "none"), iPad \(iPad ?? "none")"
    case nil: break
    }
    sink.line(line)
    if let closest = answer.closest {
      sink.line(
        "    " + style.dim("closest: \(closest.routeKey), which failed on \(closest.failure)"))
    }
    if !answer.alsoMatching.isEmpty {
      sink.line(
        "    " + style.yellow("iOS may also pick")
          + " \(answer.alsoMatching.joined(separator: ", ")) (dictionary order is undefined)")
    }
  }
}

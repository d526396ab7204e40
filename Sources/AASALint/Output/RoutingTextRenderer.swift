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

  private var explanation: RoutingExplanation { RoutingExplanation(verbose: verbose) }

  public func render(_ routings: [Routing], app: String?, to sink: OutputSink) {
    let width = routings.map { $0.input.text.count }.max() ?? 0
    for routing in routings {
      let padding = String(repeating: " ", count: max(0, width - routing.input.text.count))
      sink.line(style.bold(routing.input.text) + padding + "  →  " + headline(routing, app: app))
      if verbose {
        for verdict in routing.verdicts {
          sink.line(
            "      " + style.dim("\(verdict.app): ")
              + styled(explanation.describe(verdict, named: false)))
        }
      }
    }
  }

  /// What the URL does, in one phrase.
  public func headline(_ routing: Routing, app: String?) -> String {
    styled(explanation.headline(routing, app: app))
  }

  private func styled(_ phrases: [Phrase]) -> String {
    phrases.map { phrase in
      switch phrase.tone {
      case .plain: phrase.text
      case .opens: style.green(phrase.text)
      case .blocked: style.red(phrase.text)
      case .quiet: style.dim(phrase.text)
      case .rule: style.cyan(phrase.text)
      }
    }.joined()
  }
}

import AASA
import AASACore

/// Prints routing decisions for people, one aligned line per URL:
/// `/videos/samples/2010/x  →  blocked for D3KQX62K1A.com.example.videoapp by details[1].paths[1] "NOT /videos/samples/2010/*"`.
package struct RoutingTextRenderer {
  package var style: TerminalStyle
  /// Also list every app's verdict under each URL.
  package var verbose: Bool

  package init(style: TerminalStyle, verbose: Bool) {
    self.style = style
    self.verbose = verbose
  }

  private var explanation: RoutingExplanation { RoutingExplanation(verbose: verbose) }

  package func render(_ routings: [Routing], app: String?, to sink: OutputSink) {
    let inputs = routings.map { $0.input.text.escapingControlCharacters }
    let width = inputs.map(\.count).max() ?? 0
    for (routing, input) in zip(routings, inputs) {
      let padding = String(repeating: " ", count: max(0, width - input.count))
      sink.line(style.bold(input) + padding + "  →  " + headline(routing, app: app))
      if verbose {
        for verdict in routing.verdicts {
          sink.line(
            "      " + style.dim("\(verdict.app.escapingControlCharacters): ")
              + styled(explanation.describe(verdict, named: false)))
        }
      }
    }
  }

  /// What the URL does, in one phrase. Under `-v` the settings of each rule are said once, on
  /// the verdict lines below it, not again in the headline.
  package func headline(_ routing: Routing, app: String?) -> String {
    styled(RoutingExplanation(verbose: false).headline(routing, app: app))
  }

  private func styled(_ phrases: [Phrase]) -> String {
    style.styled(phrases, blocked: style.yellow)
  }
}

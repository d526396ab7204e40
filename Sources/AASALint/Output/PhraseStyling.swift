import AASA
import AASACore

extension TerminalStyle {
  /// An explanation's phrases in their tones' colours, each phrase's text escaped: rules as
  /// written, app IDs and packages come from the file.
  ///
  /// `blocked` colours an exclusion that decided. Apple's are deliberate, so routing shows them in
  /// yellow, apart from errors' red; Android also excludes what no rule matched, so its routing
  /// shows them in red.
  func styled(_ phrases: [Phrase], blocked: (String) -> String) -> String {
    phrases.map { phrase -> String in
      let text = phrase.text.escapingControlCharacters
      return switch phrase.tone {
      case .plain: text
      case .opens: green(text)
      case .blocked: blocked(text)
      case .quiet: dim(text)
      case .rule: cyan(text)
      }
    }.joined()
  }
}

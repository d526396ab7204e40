import AASACore
import AASALint
import ArgumentParser

/// `aasa-lint --help` and `aasa-lint help TOPIC`: the root's help also shows the options of the
/// default subcommand (what `aasa-lint FILE` accepts), and a topic that is no subcommand is a usage
/// error rather than the root's help with exit 0.
enum RootHelp {
  /// Throws for `aasa-lint help NAME` when NAME is not a subcommand.
  static func refuseUnknownHelpTopic(_ arguments: [String]) throws {
    guard arguments.first == "help", arguments.count >= 2 else { return }
    let topic = arguments[1]
    let names = AASALintCommand.configuration.subcommands.map { $0._commandName }
    guard !topic.hasPrefix("-"), !names.contains(topic) else { return }
    let meant = Suggestion.closest(to: topic, among: names).map { " (did you mean '\($0)'?)" }
    throw UsageError(
      "help: \(topic) is not a subcommand\(meant ?? ""); the subcommands are "
        + names.joined(separator: ", "))
  }

  /// Throws for `aasa-lint chekc …`: a first argument that names no file and is a few edits from
  /// a subcommand's name is a mistyped subcommand, not a file to lint that cannot be read.
  static func refuseMistypedSubcommand(
    _ arguments: [String], fileExists: (String) -> Bool
  ) throws {
    guard let first = arguments.first, !first.hasPrefix("-") else { return }
    let names = AASALintCommand.configuration.subcommands.map { $0._commandName } + ["help"]
    guard !names.contains(first), !fileExists(first),
      let meant = Suggestion.closest(to: first, among: names)
    else { return }
    throw UsageError(
      "\(first) is neither a file nor a subcommand; did you mean '\(meant)'?")
  }

  /// The root's help followed by the default subcommand's arguments and options; any other
  /// message unchanged.
  static func withLintOptions(_ message: String) -> String {
    guard message == AASALintCommand.helpMessage() else { return message }
    let lintHelp = AASALintCommand.helpMessage(for: Lint.self)
    guard let arguments = lintHelp.range(of: "ARGUMENTS:") else { return message }
    return message + "\n\nLINT OPTIONS (aasa-lint FILE [URL ...], the default subcommand):\n\n"
      + lintHelp[arguments.lowerBound...]
  }
}

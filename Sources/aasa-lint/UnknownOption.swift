import AASACore
import AASALint
import ArgumentParser
import Foundation

/// A mistyped option is said first, with the option probably meant.
///
/// ArgumentParser reports the first problem it meets, and for `route --sit https://…` that was
/// the missing `--site`; `new aasa --paht x` took `x` for the kind's file and said `new aasa
/// takes --app, --path and --exclude`. The typo, the one thing to fix, was never named. So the
/// arguments are read against the subcommand's own options (taken from ArgumentParser's
/// description of the command, hidden ones included, so a new option needs no change here)
/// before ArgumentParser parses them.
enum UnknownOption {
  /// Throws for the first `--name` (or `--name=value`) the subcommand does not take. Stops at
  /// `--`; the word after an option that takes a value is that value, whatever it looks like.
  static func refuse(_ arguments: [String]) throws {
    let subcommands = AASALintCommand.configuration.subcommands
    var words = arguments[...]
    let command: any ParsableCommand.Type
    if let first = words.first, let named = subcommands.first(where: { $0._commandName == first }) {
      command = named
      words = words.dropFirst()
    } else if words.first == "help" {
      return
    } else {
      command = Lint.self
    }
    guard let options = try? Self.options(of: command) else { return }
    // The root's own flags are taken wherever ArgumentParser takes them.
    let known = options.takingValue.union(options.flags).union([
      "help", "help-hidden", "version", "generate-completion-script", "experimental-dump-help",
    ])
    var skipValue = false
    for word in words {
      if skipValue {
        skipValue = false
        continue
      }
      if word == "--" { return }
      guard word.hasPrefix("--"), word.count > 2 else { continue }
      let name = String(word.dropFirst(2).prefix { $0 != "=" })
      guard known.contains(name) else {
        let meant = Suggestion.withinTwoEdits(of: name, among: known.sorted())
        let name = word.prefix { $0 != "=" }
        throw UsageError(
          "\(command._commandName): unknown option \(name)"
            + (meant.map { " (did you mean --\($0)?)" } ?? "")
            + "; see aasa-lint help \(command._commandName)")
      }
      skipValue = options.takingValue.contains(name) && !word.contains("=")
    }
  }

  /// The long names of a command's options and flags, from ArgumentParser's JSON description.
  private static func options(of command: any ParsableCommand.Type) throws -> (
    takingValue: Set<String>, flags: Set<String>
  ) {
    struct Description: Decodable {
      struct Command: Decodable { var arguments: [Argument]? }
      struct Argument: Decodable {
        struct Name: Decodable {
          var kind: String
          var name: String
        }
        var kind: String
        var names: [Name]?
      }
      var command: Command
    }
    let description = try JSONDecoder().decode(
      Description.self, from: Data(command._dumpHelp().utf8))
    var takingValue: Set<String> = []
    var flags: Set<String> = []
    for argument in description.command.arguments ?? [] {
      let longNames = (argument.names ?? []).filter { $0.kind != "short" }.map(\.name)
      switch argument.kind {
      case "option": takingValue.formUnion(longNames)
      case "flag": flags.formUnion(longNames)
      default: break
      }
    }
    return (takingValue, flags)
  }
}

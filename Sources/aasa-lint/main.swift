import AASACore
import AASALint
import ArgumentParser
import Foundation

// Runs the command with aasa-lint's exit codes: ArgumentParser's usage errors (64) and unreadable
// input become 2, findings are 1, and nothing ever ends in a stack trace.
do {
  try RootHelp.refuseUnknownHelpTopic(Array(CommandLine.arguments.dropFirst()))
  try RootHelp.refuseMistypedSubcommand(Array(CommandLine.arguments.dropFirst())) {
    FileManager.default.fileExists(atPath: $0)
  }
  try UnknownOption.refuse(Array(CommandLine.arguments.dropFirst()))
  var command = try AASALintCommand.parseAsRoot()
  try await runParsed(&command)
} catch let exitCode as ExitCode {
  exit(exitCode.rawValue)
} catch let problem as any InputProblem {
  fail(problem.description)
} catch let problem as LintRequest.ArgumentError {
  // An option the input does not take (`--placeholder` without `=`, from `check` or `route` as
  // from `aasa-lint FILE`): a usage error, status 2, in every subcommand.
  fail(problem.description)
} catch {
  let code = AASALintCommand.exitCode(for: error)
  if code == .success {
    let message = AASALintCommand.fullMessage(for: error)
    print(RootHelp.withLintOptions(CompletionScript.patch(message)))
    exit(0)
  }
  // A usage error quotes the argument it refuses: shown escaped, like every input. It starts as
  // every other error of aasa-lint does (ArgumentParser's own start with `Error: `).
  var message = AASALintCommand.fullMessage(for: error).escapingControlCharactersByLine
  if message.hasPrefix("Error: ") { message = "aasa-lint: error: " + message.dropFirst(7) }
  writeStandardError(message + "\n")
  exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
}

/// Runs a parsed command. In an async function, so that an `AsyncParsableCommand` existential
/// reaches its async `run()`; at top level the call resolves to the synchronous default, which only
/// prints help.
func runParsed(_ command: inout ParsableCommand) async throws {
  if var asyncCommand = command as? AsyncParsableCommand {
    try await asyncCommand.run()
  } else {
    try command.run()
  }
}

func fail(_ message: String) -> Never {
  writeStandardError("aasa-lint: error: \(message.escapingControlCharactersByLine)\n")
  exit(ExitStatus.usage.rawValue)
}

func writeStandardError(_ text: String) {
  let sink = OutputSink.standardError()
  sink.write(text)
  sink.flush()
}

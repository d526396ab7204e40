import AASALint
import AASALiveCheck
import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// Runs the command with aasa-lint's exit codes: ArgumentParser's usage errors (64) and unreadable
// input become 2, findings are 1, and nothing ever ends in a stack trace.
do {
  var command = try AASALintCommand.parseAsRoot()
  try await runParsed(&command)
} catch let exitCode as ExitCode {
  exit(exitCode.rawValue)
} catch let error as LintRun.UsageError {
  fail(error.description)
} catch let error as FileInput.ReadError {
  fail(error.description)
} catch let error as RoutingExpectation.FormatError {
  fail(error.description)
} catch let error as SignedAssociation.UnreadableSignature {
  fail(error.description)
} catch let error as LineReader.OpenError {
  fail(error.description)
} catch let error as RemoteFile.FetchError {
  fail(error.description)
} catch {
  let code = AASALintCommand.exitCode(for: error)
  if code == .success {
    let message = AASALintCommand.fullMessage(for: error)
    print(CompletionScript.patch(message))
    exit(0)
  }
  let message = AASALintCommand.fullMessage(for: error)
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
  writeStandardError("aasa-lint: error: \(message)\n")
  exit(ExitStatus.usage.rawValue)
}

func writeStandardError(_ text: String) {
  let sink = OutputSink.standardError()
  sink.write(text)
  sink.flush()
}

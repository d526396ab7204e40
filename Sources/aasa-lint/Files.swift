import AASALint
import ArgumentParser

/// `aasa-lint files F1 F2 ...`: lint several files in one call, as pre-commit and CI pass them.
struct Files: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Lint several files at once (for pre-commit hooks and CI).",
    discussion: """
      Each file is linted as by `aasa-lint FILE`; the exit status is the worst of them.

      Example:
        aasa-lint files site/.well-known/apple-app-site-association site/.well-known/assetlinks.json
      """)

  @Argument(help: ArgumentHelp("The files to lint.", valueName: "file"), completion: .file())
  var files: [String]

  @Option(help: "Output format: text, sarif or github (json prints one object per file).")
  var format: OutputFormatArgument = .text

  @Flag(help: "Exit 1 on warnings too, not only on errors.")
  var strict = false

  @Option(help: "Colour: auto, always or never.")
  var color: ColorChoice = .auto

  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    if files.isEmpty { throw ValidationError("name at least one file") }
    if format == .tsv {
      throw ValidationError("tsv is for routes; use text, json, sarif or github")
    }
  }

  func run() throws {
    var worst = ExitStatus.success
    let output = OutputSink.standardOutput()
    for file in files {
      let source = try FileInput.read(file, limit: limits.maxSize.bytes)
      let status: ExitStatus
      if InputKind.detect(source) == .applinks {
        // A page: its App Link is linted and shown, without a source URL to navigate from.
        status = AppLinksRun(
          fileName: file, source: source, format: format.outputFormat, strict: strict,
          style: color.style
        ).run(output: output)
      } else if InputKind.detect(source) == .routes {
        // A route config is not an association file: it has its own checks.
        status = try RouteConfigRun(
          fileName: file, source: source, format: format.outputFormat, strict: strict,
          style: color.style
        ).run(urls: .none, output: output)
      } else {
        let run = LintRun(
          fileName: file, source: source, format: format.outputFormat,
          strict: strict, style: color.style)
        status = try run.run(urls: .none, output: output)
      }
      if status.rawValue > worst.rawValue { worst = status }
    }
    output.flush()
    if worst != .success { throw ExitCode(worst.rawValue) }
  }
}

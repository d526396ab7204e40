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
    let status = try FilesRun(
      files: files, format: format.outputFormat, strict: strict, style: color.style,
      maximumSize: limits.maxSize.bytes
    ).run(output: .standardOutput())
    if status != .success { throw ExitCode(status.rawValue) }
  }
}

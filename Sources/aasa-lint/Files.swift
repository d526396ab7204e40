import AASALint
import ArgumentParser

/// `aasa-lint files F1 F2 ...`: lint several files in one call, as pre-commit and CI pass them.
struct Files: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Lint several files at once (for pre-commit hooks and CI).",
    discussion: """
      Each file is linted as by `aasa-lint FILE`, every readable one whatever came before; a \
      file that cannot be read is reported in the same output. The exit status is the worst of \
      them: 0 clean, 1 findings, 2 a file could not be read. json writes one object with every \
      file's report, sarif one log with one run holding every file's results.

      Example:
        aasa-lint files site/.well-known/*
        aasa-lint files examples/broken/*.json --format sarif > lint.sarif
      """)

  @Argument(help: ArgumentHelp("The files to lint.", valueName: "file"), completion: .file())
  var files: [String]

  @Option(
    help:
      "Output format: text (for people), json (one object for all files), sarif (one log), github (workflow annotations)."
  )
  var format: FormatOption<FilesRun> = .text

  @Flag(help: "Exit 1 on warnings too, not only on errors.")
  var strict = false

  @Option(help: "Colour: auto, always or never.")
  var color: ColorChoice = .auto

  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    if files.isEmpty { throw ValidationError("name at least one file") }
  }

  func run() throws {
    let report = try FilesRun(files: files, strict: strict, maximumSize: limits.maxSize.bytes).run()
    try ReportOutput.finish(report, format: format.format, style: color.style)
  }
}

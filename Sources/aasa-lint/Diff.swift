import AASALint
import ArgumentParser

/// `aasa-lint diff OLD NEW`: a semantic diff of two association files.
struct Diff: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Show what changed in which app opens which URL between two apple-app-site-association or two assetlinks.json files.",
    discussion: """
      Rules are compared by what they do, per app: added, removed, changed (same path pattern, \
      other settings) and moved (same rule, another position, so it may now decide before or \
      after others). Reformatting, reordering keys, rewriting a legacy path as a component or \
      moving a setting into defaults is no change.

      With --urls, every URL whose routing changes is listed as before → after.

      Examples:
        aasa-lint diff old.json new.json
        aasa-lint diff old.json new.json --urls urls.txt --exit-code
        git show HEAD~1:site/.well-known/apple-app-site-association \\
            > /tmp/old.json
        aasa-lint diff /tmp/old.json \\
            site/.well-known/apple-app-site-association --exit-code

      Both files must be of one kind: two apple-app-site-association files (rules per app), or \
      two assetlinks.json files (grants, dynamic rules, and with --urls each app's Android \
      verdict); another kind is a usage error.
      """)

  @Argument(
    help: ArgumentHelp("The old file (- for standard input).", valueName: "old"),
    completion: .file())
  var old: String

  @Argument(help: ArgumentHelp("The new file.", valueName: "new"), completion: .file())
  var new: String

  @Option(
    name: .customLong("urls"),
    help: ArgumentHelp(
      "A file of URLs or paths to route through both, one per line; - reads standard input.",
      valueName: "list"), completion: .file())
  var urlList: String?

  @Flag(help: "Exit 1 when behaviour changed, like `git diff --exit-code`.")
  var exitCode = false

  @Option(help: "Output format: text or json.")
  var format: FormatOption<DiffRun> = .text

  @Option(help: "Colour: auto, always or never.")
  var color: ColorChoice = .auto

  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    if [old, new, urlList].filter({ $0 == "-" }).count > 1 {
      throw ValidationError("only one of the inputs can read standard input")
    }
  }

  func run() throws {
    let run = DiffRun(
      old: DiffRun.Input(
        name: old == "-" ? "<stdin>" : old,
        bytes: try FileInput.read(old, limit: limits.maxSize.bytes)),
      new: DiffRun.Input(
        name: new == "-" ? "<stdin>" : new,
        bytes: try FileInput.read(new, limit: limits.maxSize.bytes)),
      exitCodeOnChange: exitCode)
    let urls: URLSource = try urlList.map { .lines(try LineReader(path: $0)) } ?? .none
    try ReportOutput.finish(try run.run(urls: urls), format: format.format, style: color.style)
  }
}

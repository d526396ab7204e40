import AASALint
import ArgumentParser

/// `aasa-lint diff OLD NEW`: a semantic diff of two association files.
struct Diff: AsyncParsableCommand {
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
        aasa-lint diff site/.well-known/apple-app-site-association \\
            https://example.com/.well-known/apple-app-site-association
        git show HEAD~1:site/.well-known/apple-app-site-association \\
            > /tmp/old.json
        aasa-lint diff /tmp/old.json \\
            site/.well-known/apple-app-site-association --exit-code

      Both files must be of one kind: two apple-app-site-association files (rules per app), or \
      two assetlinks.json files (grants, dynamic rules, and with --urls each app's Android \
      verdict); another kind is a usage error.
      """)

  @Argument(
    help: ArgumentHelp(
      "The old file (- for standard input, or an https:// URL fetched as Apple does).",
      valueName: "old"),
    completion: .file())
  var old: String

  @Argument(
    help: ArgumentHelp("The new file (or an https:// URL).", valueName: "new"),
    completion: .file())
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

  @Option(
    name: .customLong("ca-file"),
    help: ArgumentHelp(
      "For an https:// input: trust the certificates in this PEM file instead of the system's roots.",
      valueName: "pem"), completion: .file())
  var caFile: String?

  @Option(
    help: ArgumentHelp(
      "For an https:// input: seconds to wait for the connection and the response.",
      valueName: "seconds"))
  var timeout: Double = 10

  func validate() throws {
    if [old, new, urlList].filter({ $0 == "-" }).count > 1 {
      throw ValidationError("only one of the inputs can read standard input")
    }
    guard timeout > 0, timeout <= 600 else {
      throw ValidationError("--timeout must be more than 0 and at most 600 seconds")
    }
  }

  func run() async throws {
    func read(_ argument: String) async throws -> DiffRun.Input {
      try await DiffRun.Input.read(
        argument, limit: limits.maxSize.bytes, caFile: caFile, timeoutSeconds: timeout)
    }
    let run = DiffRun(
      old: try await read(old), new: try await read(new), exitCodeOnChange: exitCode)
    let urls: URLSource = try urlList.map { .lines(try LineReader(path: $0)) } ?? .none
    try ReportOutput.finish(try run.run(urls: urls), format: format.format, style: color.style)
  }
}

import AASALint
import ArgumentParser

enum OutputFormatArgument: String, ExpressibleByArgument, CaseIterable {
  case text, json, tsv, sarif, github

  var outputFormat: OutputFormat { OutputFormat(rawValue: rawValue)! }
}

extension InputKind: ExpressibleByArgument {}

extension CheckRun.Format: ExpressibleByArgument {}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never

  var style: TerminalStyle {
    switch self {
    case .auto: .detect()
    case .always: TerminalStyle(isEnabled: true)
    case .never: .plain
    }
  }
}

extension ByteCount: ExpressibleByArgument {
  public init?(argument: String) { self.init(parsing: argument) }

  public var defaultValueDescription: String { description }
}

/// `--max-size`, shared by every subcommand that reads association files.
struct InputLimitOptions: ParsableArguments {
  @Option(
    name: .customLong("max-size"),
    help: ArgumentHelp(
      "Refuse inputs larger than this before reading them (bytes, or with K, M or G).",
      valueName: "size"))
  var maxSize = ByteCount(FileInput.defaultLimit)
}

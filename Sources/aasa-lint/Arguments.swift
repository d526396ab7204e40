import AASALint
import ArgumentParser

/// `--format`, offering exactly the formats the subcommand's run declares: one generic type for
/// every subcommand, so the command line bridges formats one way.
struct FormatOption<Run: FormatDeclaring>: ExpressibleByArgument {
  var format: OutputFormat

  init(_ format: OutputFormat) { self.format = format }

  init?(argument: String) {
    guard let format = OutputFormat(rawValue: argument), Run.formats.contains(format) else {
      return nil
    }
    self.format = format
  }

  static var text: Self { Self(.text) }

  static var allValueStrings: [String] { Run.formats.map(\.rawValue) }

  /// Shell completion offers the same formats.
  static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

  var defaultValueDescription: String { format.rawValue }
}

extension InputKind: ExpressibleByArgument {}

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
  package init?(argument: String) { self.init(parsing: argument) }

  package var defaultValueDescription: String { description }
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

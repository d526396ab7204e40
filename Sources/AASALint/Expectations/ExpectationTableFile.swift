import AASA
import AASACore

/// An `--expect` table read from a file or standard input: the one place every subcommand loads
/// one, so that `aasa-lint FILE`, a route config and `check` read tables alike.
public struct ExpectationTableFile: Sendable {
  /// The table's name as findings name it: the path, or `<stdin>`.
  public var file: String
  public var text: String

  public static func read(_ path: String, limit: Int = FileInput.defaultLimit) throws
    -> ExpectationTableFile
  {
    let bytes = try FileInput.read(path, limit: limit)
    return ExpectationTableFile(
      file: path == "-" ? "<stdin>" : path, text: String(decoding: bytes, as: UTF8.self))
  }

  /// The rows as URL expectations: an app ID, `none` or `blocked` each.
  public var routingExpectations: [RoutingExpectation] {
    get throws { try RoutingExpectation.parseTable(text, file: file) }
  }
}

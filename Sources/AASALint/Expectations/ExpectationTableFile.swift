import AASACore

/// Reads an `--expect` table from a file or standard input: the one place every subcommand loads
/// one, once, so that `aasa-lint FILE`, a route config and `check` read tables alike. Each format
/// then reads the rows as it understands them (`RoutingExpectation.rows(of:)`,
/// `AndroidExpectation.rows(of:)`, ``RouteExpectationResult/check(_:router:platform:)``).
package enum ExpectationTableFile {
  /// The table at `path` (`-` for standard input), named as findings name it: `name`, else the
  /// path, or `<stdin>`.
  package static func read(
    _ path: String, limit: Int = FileInput.defaultLimit, name: String? = nil
  ) throws -> ExpectationTable {
    let bytes = try FileInput.read(path, limit: limit)
    return try ExpectationTable(
      String(decoding: bytes, as: UTF8.self), file: name ?? (path == "-" ? "<stdin>" : path),
      expecting: "an app ID, none or blocked")
  }
}

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
    return try parse(
      String(decoding: bytes, as: UTF8.self), name: name ?? (path == "-" ? "<stdin>" : path))
  }

  /// A table given as text (the validator page's `expect`), named `name` in findings.
  package static func parse(_ text: String, name: String) throws -> ExpectationTable {
    try ExpectationTable(text, file: name, expecting: "an app ID, none or blocked")
  }
}

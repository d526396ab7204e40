/// How `aasa-lint` prints what it found.
package enum OutputFormat: String, CaseIterable, Sendable {
  /// For people: aligned, coloured on a terminal, with source excerpts.
  case text
  /// One JSON object, a stable contract for scripts.
  case json
  /// One line per routed URL: input, app or `-`, verdict. Streams; for large URL lists.
  case tsv
  /// SARIF 2.1.0, for code scanning, with file, line and column for every finding.
  case sarif
  /// GitHub Actions workflow annotations.
  case github
}

import AASA
import AASACore

/// Reads an `--expect` table from a file or standard input: the one place every subcommand loads
/// one, once, so that `aasa-lint FILE`, a route config, `check` and `route` read tables alike, and
/// the one place the table's syntax is put in words. Each format then reads the rows as it
/// understands them (`RoutingExpectation.rows(of:)`, `AndroidExpectation.rows(of:)`,
/// ``RouteExpectationResult/check(_:router:platform:)``, ``PlatformExpectation``).
///
/// Every command but `route` reads two fields, `input<TAB>expected`. `route` answers for two
/// platforms, so its table may name a column per platform in a header (see
/// [aasa-lint.md](../../../docs/aasa-lint.md#pin-both-platforms-route---expect)):
///
///     # url            ios                              android
///     /albums/1        D3KQX62K1A.com.example.photoapp  com.example.photoapp/.AlbumActivity
///     /help            none                             -
///
/// Without a header, a table is the two fields every other command reads, and `route` checks its
/// second field against iOS, as `aasa-lint apple-app-site-association --expect` would.
package enum ExpectationTableFile {
  /// What the second field of a two-field table holds, in error messages.
  static let twoFieldValues = "an app ID, none or blocked"
  /// The names a header gives the input's column.
  static let inputColumnNames: Set<String> = ["url", "input"]
  /// The names of the platform columns (`apple` is another name for `ios`).
  static let platformColumnNames: [String: Platform] = [
    "ios": .ios, "apple": .ios, "android": .android,
  ]
  static let headerExample = "# url ios android"

  /// The table at `path` (`-` for standard input), named as findings name it: `name`, else the
  /// path, or `<stdin>`.
  package static func read(
    _ path: String, limit: Int = FileInput.defaultLimit, name: String? = nil
  ) throws -> ExpectationTable {
    try parse(text(path, limit: limit), name: name ?? displayName(path))
  }

  /// A table given as text (the validator page's `expect`), named `name` in findings.
  package static func parse(_ text: String, name: String) throws -> ExpectationTable {
    try ExpectationTable(text, file: name, expecting: twoFieldValues)
  }

  // MARK: route's table

  /// `route --expect`'s table at `path`: a header naming platform columns, or two fields.
  package static func readPlatformTable(
    _ path: String, limit: Int = FileInput.defaultLimit, name: String? = nil
  ) throws -> ExpectationTable {
    try parsePlatformTable(text(path, limit: limit), name: name ?? displayName(path))
  }

  /// `route --expect`'s table given as text. A header is a line before the first row whose
  /// first word is `url` (or `input`), written as a `#` comment or not; its other words name the
  /// platform columns, and its rows are split at tabs or spaces. Without one, the table is two
  /// tab-separated fields, as for every other command.
  package static func parsePlatformTable(_ text: String, name: String) throws(ExpectationTable
    .FormatError) -> ExpectationTable
  {
    let words = ExpectationTable.writtenLines(text, splittingAtSpaces: true)
    guard let headerIndex = headerLine(in: words) else {
      return try twoFieldTable(text, name: name)
    }
    let header = words[headerIndex]
    let columns = Array(header.fields.dropFirst())
    _ = try platforms(of: columns, line: header.number, file: name)
    let names = header.fields.map(\.text).joined(separator: " ")
    var rows: [ExpectationTable.Row] = []
    for line in words[(headerIndex + 1)...] where !line.isComment {
      let count = line.fields.count
      guard count == columns.count + 1 else {
        let column =
          count > columns.count + 1 ? line.fields[columns.count + 1].column : line.endColumn
        throw ExpectationTable.FormatError(
          file: name, line: line.number, column: column,
          reason:
            "this row has \(count) field\(count == 1 ? "" : "s") and the header at line \(header.number) names \(columns.count + 1) (\(names)): write - where a platform does not matter, and percent-encode spaces in a URL (%20)"
        )
      }
      rows.append(
        ExpectationTable.Row(
          line: line.number, input: line.fields[0].text, cells: Array(line.fields.dropFirst())))
    }
    return ExpectationTable(
      file: name, header: ExpectationTable.Header(line: header.number, columns: columns),
      rows: rows)
  }

  /// The cells of a table read by ``parsePlatformTable(_:name:)``, each for its platform, the
  /// values checked for form (`-` cells are left out: they do not matter). A two-field table is
  /// iOS's column, its values read as `aasa-lint FILE --expect` reads them (`-` is `none`).
  package static func platformExpectations(of table: ExpectationTable) throws(ExpectationTable
    .FormatError) -> [PlatformExpectation]
  {
    guard let header = table.header else {
      return table.rows.compactMap { row in
        row.cells.first.map { cell in
          PlatformExpectation(
            line: row.line, column: cell.column, input: row.input, platform: .ios,
            expected: appleValue(cell.text == "-" ? "none" : cell.text))
        }
      }
    }
    let platforms = try platforms(of: header.columns, line: header.line, file: table.file)
    var expectations: [PlatformExpectation] = []
    for row in table.rows {
      for (cell, platform) in zip(row.cells, platforms) where cell.text != "-" {
        let expected: PlatformExpectation.Expected
        switch platform {
        case .ios: expected = appleValue(cell.text)
        case .android:
          guard let value = androidValue(cell.text) else {
            throw ExpectationTable.FormatError(
              file: table.file, line: row.line, column: cell.column,
              reason:
                "\"\(cell.text.escapingControlCharacters)\" is not a value of the android column: write a package (com.example.app), a package and its activity (com.example.app/.LinkActivity), none (the browser opens it) or - (does not matter)"
            )
          }
          expected = value
        }
        expectations.append(
          PlatformExpectation(
            line: row.line, column: cell.column, input: row.input, platform: platform,
            expected: expected))
      }
    }
    return expectations
  }

  /// A cell naming an app that `route` does not answer for: it could never be met, so the table
  /// is refused before anything is written. Nil when every app named is one `route` answers for.
  /// - Parameters:
  ///   - appleApp: The iOS app `route` answers for (`--app`, or the entitlements' app).
  ///   - association: The site's association file, whose apps a table may name without `--app`.
  ///   - androidPackage: The Android package `route` answers for (`--package`, or the
  ///     manifest's).
  package static func unknownApp(
    in expectations: [PlatformExpectation], file: String, appleApp: String?,
    association: SiteAssociation?, androidPackage: String?
  ) -> ExpectationTable.FormatError? {
    for expectation in expectations {
      func refusal(_ reason: String) -> ExpectationTable.FormatError {
        ExpectationTable.FormatError(
          file: file, line: expectation.line, column: expectation.column,
          reason: reason.escapingControlCharacters)
      }
      switch expectation.expected {
      case .app(let app):
        if let appleApp, app != appleApp {
          return refusal(
            "the ios column names \(app), but route answers for the iOS app \(appleApp) (--app, or the app of --entitlements): name that app, none, blocked or -"
          )
        }
        if appleApp == nil, association != nil,
          let unknown = UnknownApp.diagnostic(for: app, in: association)
        {
          return refusal("the ios column names an app the site does not: " + unknown.message)
        }
      case .package(let package, _):
        guard let androidPackage else {
          return refusal(
            "the android column names \(package), but route answers for no Android app: give --package \(package) (or --manifest)"
          )
        }
        if package != androidPackage {
          return refusal(
            "the android column names \(package), but route answers for the Android app \(androidPackage) (--package or the manifest's package): name that package, none or -"
          )
        }
      case .blocked, .none:
        continue
      }
    }
    return nil
  }

  // MARK: Reading

  private static func text(_ path: String, limit: Int) throws -> String {
    String(decoding: try FileInput.read(path, limit: limit), as: UTF8.self)
  }

  private static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

  /// The index of the header among `lines`: the first line whose first word names the input's
  /// column and whose other words name a platform (or nearly: a misspelt name is worth an
  /// error), if it comes before the first row. `# url<TAB>app` over a two-field table stays a
  /// comment.
  private static func headerLine(in lines: [ExpectationTable.WrittenLine]) -> Int? {
    let platformNames = platformColumnNames.keys.sorted()
    for (index, line) in lines.enumerated() {
      if let first = line.fields.first, inputColumnNames.contains(first.text.lowercased()),
        line.fields.dropFirst().contains(where: {
          platformColumnNames[$0.text.lowercased()] != nil
            || Suggestion.closest(to: $0.text, among: platformNames) != nil
        })
      {
        return index
      }
      if !line.isComment { return nil }
    }
    return nil
  }

  /// The platform of each column a header names; an unknown or repeated name is an error at it.
  private static func platforms(
    of columns: [ExpectationTable.Cell], line: Int, file: String
  ) throws(ExpectationTable.FormatError) -> [Platform] {
    guard !columns.isEmpty else {
      throw ExpectationTable.FormatError(
        file: file, line: line, column: 1,
        reason:
          "the header names no platform column after url: write `\(headerExample)` (or only one of ios, android)"
      )
    }
    var platforms: [Platform] = []
    for column in columns {
      guard let platform = platformColumnNames[column.text.lowercased()] else {
        var reason =
          "unknown column \"\(column.text.escapingControlCharacters)\": a header names url, then ios (or apple) and android"
        if let meant = Suggestion.closest(
          to: column.text, among: platformColumnNames.keys.sorted())
        {
          reason += "; did you mean \(meant)?"
        }
        throw ExpectationTable.FormatError(
          file: file, line: line, column: column.column, reason: reason)
      }
      guard !platforms.contains(platform) else {
        throw ExpectationTable.FormatError(
          file: file, line: line, column: column.column,
          reason: "the \(platform.rawValue) column is named twice (apple is another name for ios)")
      }
      platforms.append(platform)
    }
    return platforms
  }

  /// A table with no header: two tab-separated fields, as every other command reads it, with
  /// the column of a malformed line.
  private static func twoFieldTable(_ text: String, name: String) throws(ExpectationTable
    .FormatError) -> ExpectationTable
  {
    var rows: [ExpectationTable.Row] = []
    for line in ExpectationTable.writtenLines(text, splittingAtSpaces: false)
    where !line.isComment {
      let count = line.fields.count
      guard count == 2 else {
        throw ExpectationTable.FormatError(
          file: name, line: line.number, column: count > 2 ? line.fields[2].column : line.endColumn,
          reason:
            "this row has \(count) field\(count == 1 ? "" : "s"): a table without a header has two, `input<TAB>expected` (\(twoFieldValues)); to check Android too, name a column per platform in a header, `\(headerExample)`"
        )
      }
      rows.append(
        ExpectationTable.Row(line: line.number, input: line.fields[0].text, cells: [line.fields[1]])
      )
    }
    return ExpectationTable(file: name, header: nil, rows: rows)
  }

  /// An iOS cell: an app ID, `none` or `blocked`.
  private static func appleValue(_ text: String) -> PlatformExpectation.Expected {
    switch text {
    case "none": .none
    case "blocked": .blocked
    default: .app(text)
    }
  }

  /// An Android cell: `none`, a package, or `package/activity`; nil for anything else.
  private static func androidValue(_ text: String) -> PlatformExpectation.Expected? {
    if text == "none" { return PlatformExpectation.Expected.none }
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
    let package = String(parts[0])
    guard isJavaName(package, dots: .required) else { return nil }
    guard parts.count == 2 else { return .package(package, activity: nil) }
    var activity = Substring(parts[1])
    let relative = activity.first == "."
    if relative { activity = activity.dropFirst() }
    guard isJavaName(activity, dots: .allowed) else { return nil }
    return .package(package, activity: String(parts[1]))
  }

  private enum Dots { case required, allowed }

  /// Dot-separated Java identifiers (ASCII letters, digits, `_`, `$`; not starting with a digit).
  private static func isJavaName(_ text: some StringProtocol, dots: Dots) -> Bool {
    let segments = text.split(separator: ".", omittingEmptySubsequences: false)
    if dots == .required && segments.count < 2 { return false }
    return segments.allSatisfy { segment in
      guard let first = segment.first, !first.isNumber else { return false }
      return segment.allSatisfy {
        $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "$")
      }
    }
  }
}

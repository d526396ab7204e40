import AASACore

/// The entry point for reading an Android `assetlinks.json`.
public enum AssetLinksFile {
  /// Reads the statement list out of `json` as Google would, leniently, with a diagnostic for
  /// every problem: a broken statement is reported and skipped, and the rest are still read.
  ///
  /// The list is nil only when `json` is not an array at all. A list is returned even when Google
  /// would ignore it; ``StatementList/isIgnoredByGoogle`` says so, and grant answers honour it.
  public static func parse(_ json: JSONValue) -> (
    statementList: StatementList?, diagnostics: [Diagnostic]
  ) {
    var parser = AssetLinksParser()
    let list = parser.parseList(json)
    return (list, parser.allDiagnostics + parser.dynamicRulesParser.allDiagnostics)
  }

  /// Answers a grant question about a whole file, including one that is not a statement list.
  public static func grants(
    _ json: JSONValue, query: GrantQuery, relation: Relation = .handleAllURLs
  ) -> GrantAnswer {
    guard let list = parse(json).statementList else {
      return .no(.notAStatementList, unresolvedIncludes: [])
    }
    return list.grants(
      package: query.packageName, fingerprint: query.fingerprint, relation: relation)
  }
}

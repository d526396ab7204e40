import AASACore

/// Everything the library found in one `assetlinks.json`.
public struct AssetLinksReport: FormatReport {
  /// File order.
  public var diagnostics: [Diagnostic]
  /// The statements, when the file is a JSON array (also when Google would ignore the list:
  /// ``StatementList/isIgnoredByGoogle`` says so).
  public var statementList: StatementList?
  /// The JSON, when it could be read.
  public var json: JSONValue?

  public init(diagnostics: [Diagnostic], statementList: StatementList?, json: JSONValue?) {
    self.diagnostics = diagnostics
    self.statementList = statementList
    self.json = json
  }
}

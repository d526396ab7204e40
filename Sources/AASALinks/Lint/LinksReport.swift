import AASACore

/// What the linter found in one `links.json`: the findings, and the compiled rules when the file
/// could be read (a server takes them only when ``FormatReport/hasErrors`` is false).
public struct LinksReport: FormatReport {
  /// File order.
  public var diagnostics: [Diagnostic]
  public var rules: LinkRuleSet?

  public init(diagnostics: [Diagnostic], rules: LinkRuleSet?) {
    self.diagnostics = diagnostics
    self.rules = rules
  }
}

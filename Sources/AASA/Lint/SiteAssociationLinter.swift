import AASACore

/// Checks an apple-app-site-association file: reads, parses and validates it in one pass.
public struct SiteAssociationLinter: FormatLinter {
  public init() {}

  public func lint(_ document: SourceDocument) -> SiteAssociationReport {
    let reading = document.wellKnownJSON
    var diagnostics = reading.diagnostics
    var association: SiteAssociation?
    if let json = reading.value {
      let parsed = SiteAssociation.parse(json)
      association = parsed.association
      diagnostics += parsed.diagnostics
    }
    return SiteAssociationReport(
      diagnostics: diagnostics.sortedByLocation(), association: association, json: reading.value)
  }
}

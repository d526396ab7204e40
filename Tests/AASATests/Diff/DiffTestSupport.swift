import AASA
import Testing

/// Parses an association file from JSON text, failing loudly on anything unreadable.
func association(_ json: String) throws -> SiteAssociation {
  let report = SiteAssociationLinter().lint(Array(json.utf8))
  return try #require(report.association, "not an association: \(report.diagnostics)")
}

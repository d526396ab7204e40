import AASA

/// Parses an association file from JSON text, failing loudly on anything unreadable.
func association(_ json: String) throws -> SiteAssociation {
  let report = SiteAssociationLinter().lint(Array(json.utf8))
  guard let association = report.association else {
    throw TestInputError(description: "not an association: \(report.diagnostics)")
  }
  return association
}

struct TestInputError: Error, CustomStringConvertible {
  var description: String
}

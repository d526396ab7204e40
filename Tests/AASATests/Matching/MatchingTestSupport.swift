import AASA
import Testing

/// A matcher for an AASA text, read the way `aasa-lint` reads it.
func siteMatcher(_ text: String, domain: String? = nil) throws -> Matcher {
  let report = SiteAssociationLinter().lint(Array(text.utf8))
  let association = try #require(report.association, "\(report.diagnostics)")
  return Matcher(association, domain: domain)
}

/// A file with one entry for `appID` and the given components (JSON array text).
func componentsFile(
  _ components: String, appID: String = "D3KQX62K1A.com.example.app", appDefaults: String? = nil,
  domainDefaults: String? = nil, variables: String? = nil
) -> String {
  var applinks: [String] = []
  if let domainDefaults { applinks.append(#""defaults": "# + domainDefaults) }
  if let variables { applinks.append(#""substitutionVariables": "# + variables) }
  var entry = [#""appIDs": [""# + appID + #""]"#, #""components": "# + components]
  if let appDefaults { entry.append(#""defaults": "# + appDefaults) }
  applinks.append(#""details": [{"# + entry.joined(separator: ", ") + "}]")
  return #"{"applinks": {"# + applinks.joined(separator: ", ") + "}}"
}

/// The one app's verdict kind for `url` in a one-entry file.
func verdictKind(_ matcher: Matcher, _ url: String) -> Verdict.Kind? {
  matcher.route(URLInput(url)).verdicts.first?.kind
}

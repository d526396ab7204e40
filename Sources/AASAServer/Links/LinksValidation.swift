import AASACore
import AASALinks

/// Checks a site's `links.json` as `aasa-lint links.json --site DIR` does, against the
/// association files the site serves at that moment: a rule set with an error is never served
/// (`--allow-invalid` does not apply: an unchecked destination could be an open redirect).
enum LinksValidation {
  struct Outcome {
    var rules: LinkRuleSet?
    var diagnostics: [Diagnostic]
    var hasErrors: Bool

    /// One line per finding, `FILE:LINE:COLUMN: severity: message [CODE]`, but the info lines
    /// about a check not made (a server always checks against the site).
    func lines(file: String) -> [String] {
      diagnostics.map { WellKnownValidation.format($0, file: file) }
    }
  }

  /// - Parameter domain: the host the site answers for (`--sites`), nil with `--root` and for
  ///   `_default`.
  static func validate(_ bytes: [UInt8], files: [String: ServedFile], domain: String?) -> Outcome {
    let claims = SiteClaims.read(
      appleAppSiteAssociation: (files[SitePaths.appleAppSiteAssociation]
        ?? files[SitePaths.legacyAppleAppSiteAssociation]).map {
          Array($0.bytes.readableBytesView)
        },
      assetLinks: files[SitePaths.assetLinks].map { Array($0.bytes.readableBytesView) },
      domain: domain)
    let report = LinksLinter(claims: claims, domain: domain).lint(bytes, source: SitePaths.links)
    return Outcome(
      rules: report.hasErrors ? nil : report.rules, diagnostics: report.diagnostics,
      hasErrors: report.hasErrors)
  }
}

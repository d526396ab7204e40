import AASACore

/// An entry written for every iOS version, as Apple advises: `"paths"` for iOS 12 and earlier,
/// which read nothing else, beside `"components"` for iOS 13 and later, which ignore `"paths"`.
/// Keeping both is right; what matters is that they route alike.
struct LegacyForm {
  var detailPath: String
  var pathsValue: JSONValue
  var pathsPath: String
  var legacyAppID: String?
  /// The `"paths"` strings read as iOS 12 reads them.
  var rules: [Rule]
}

extension SiteAssociationParser {
  /// How many differing URLs a finding names.
  static let legacyDifferencesShown = 5

  /// Reports `"paths"` beside `"components"` only when the two route differently, naming the
  /// URLs that do (found by ``RoutingProbe`` from the rules of both).
  mutating func checkLegacyForms(_ appLinks: ApplinksService) {
    for form in legacyForms {
      guard let detail = appLinks.details.first(where: { $0.path == form.detailPath }) else {
        continue
      }
      // Both views name the same apps, so that only the rules are compared (AASA201 compares the
      // apps). iOS 12 knew no defaults and no substitution variables.
      let modern = SiteAssociation(
        appLinks: ApplinksService(
          defaults: appLinks.defaults, substitutionVariables: appLinks.substitutionVariables,
          details: [detail]))
      var legacyDetail = detail
      legacyDetail.defaults = ComponentSettings()
      legacyDetail.rules = form.rules
      let legacy = SiteAssociation(appLinks: ApplinksService(details: [legacyDetail]))
      let (differences, _) = RoutingProbe.differences(
        legacy, modern, limit: Self.legacyDifferencesShown)
      guard !differences.isEmpty else { continue }
      let listed = differences.map { "\($0.url) (iOS 12: \($0.before), iOS 13+: \($0.after))" }
      report(
        .Apple.pathsAndComponents, form.pathsValue, form.pathsPath,
        "\(form.detailPath) has \"paths\" (read by iOS 12 and earlier) and \"components\" (iOS 13 and later), and they route differently: "
          + listed.joined(separator: ", ")
          + (differences.count == Self.legacyDifferencesShown ? ", …" : ""))
    }
  }
}

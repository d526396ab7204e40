/// The answer to "does this file grant app P, signed with F, the relation R?", with the reason
/// when it does not, phrased so the fix is obvious.
public enum GrantAnswer: Hashable, Sendable {
  /// Granted: these statements (by position in the list) each grant it.
  case yes(grantedBy: [Int])
  /// Not granted, and why. `unresolvedIncludes` are the `include` URLs of the list, which this
  /// tool does not fetch: one of them may still grant it, so a "no" with includes is provisional.
  case no(GrantRefusal, unresolvedIncludes: [String])

  public var isGranted: Bool {
    if case .yes = self { return true }
    return false
  }

  /// One line for people: `yes: …` or `no: …`.
  public var explanation: String {
    switch self {
    case .yes(let statements):
      let named = statements.map { "[\($0)]" }.joined(separator: ", ")
      return "yes: granted by statement\(statements.count == 1 ? "" : "s") \(named)"
    case .no(let refusal, let includes):
      guard !includes.isEmpty else { return "no: \(refusal.explanation)" }
      let urls = includes.joined(separator: ", ")
      return
        "no: \(refusal.explanation) (not checked: the included list\(includes.count == 1 ? "" : "s") \(urls))"
    }
  }
}

/// Why a statement list does not grant an app a relation.
public enum GrantRefusal: Hashable, Sendable {
  /// The file is not a JSON array, so it is not a statement list at all.
  case notAStatementList
  /// Google ignores the whole list because of these invalid statements. `otherwiseGrantedBy`
  /// names the statements that would grant it once the list is fixed; empty when none would.
  case listIgnored(invalidStatements: [Int], otherwiseGrantedBy: [Int])
  /// No statement names the package; `listedPackages` are the ones that are named.
  case packageNotListed(package: String, listedPackages: [String])
  /// Statements name the package, but not with this certificate; `listedFingerprints` are the
  /// fingerprints listed for the package.
  case fingerprintNotListed(
    package: String, fingerprint: CertificateFingerprint,
    listedFingerprints: [CertificateFingerprint])
  /// The package and certificate are listed, but never with this relation; `grantedRelations`
  /// are the relations they do get.
  case relationMissing(package: String, relation: Relation, grantedRelations: [Relation])

  public var explanation: String {
    switch self {
    case .notAStatementList:
      return "the file is not a statement list (a JSON array), so it grants nothing"
    case .listIgnored(let invalid, let grantors):
      let named = invalid.map { "[\($0)]" }.joined(separator: ", ")
      let cause =
        "Google ignores the whole file because statement\(invalid.count == 1 ? "" : "s") \(named) "
        + (invalid.count == 1 ? "is" : "are") + " invalid"
      guard !grantors.isEmpty else {
        return cause + "; no statement would grant it otherwise either"
      }
      let grantorNames = grantors.map { "[\($0)]" }.joined(separator: ", ")
      return cause
        + "; once fixed, statement\(grantors.count == 1 ? "" : "s") \(grantorNames) would grant it"
    case .packageNotListed(let package, let listed):
      let others =
        listed.isEmpty
        ? "it names no app" : "it names \(listed.joined(separator: ", "))"
      return "no statement names the package \(package); \(others)"
    case .fingerprintNotListed(let package, let fingerprint, let listed):
      let others =
        listed.isEmpty
        ? "no fingerprint is listed for it"
        : "listed for it: \(listed.map(\.canonicalText).joined(separator: ", "))"
      let mixUp =
        listed.isEmpty
        ? ""
        : "; the usual cause is the upload key / Play App Signing mix-up: an app installed from Google Play is signed with Play's app signing key (Play Console, Test and release, App integrity), so list that key, and the upload key only for builds you sign and install yourself"
      return "\(package) is listed, but not with the fingerprint \(fingerprint); \(others)\(mixUp)"
    case .relationMissing(let package, let relation, let granted):
      let others =
        granted.isEmpty
        ? "it is granted no relation"
        : "it is granted \(granted.map(\.rawValue).joined(separator: ", "))"
      return "\(package) with that fingerprint is listed, but never with \(relation); \(others)"
    }
  }
}

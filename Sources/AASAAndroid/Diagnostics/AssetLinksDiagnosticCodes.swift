// The catalog of assetlinks.json findings. Append new codes; never renumber or reuse.
//
// Google's rule shapes the severities: the fetcher parses the whole statement list and, if any one
// statement is malformed, throws the whole list away. So every finding that makes a statement
// malformed is an error, and ``DiagnosticCode/AssetLinks/listIgnored`` says so once per file.
// Warnings are things Google accepts but that almost certainly do not do what the author meant.

import AASACore

extension DiagnosticCode {
  /// The assetlinks.json codes.
  public enum AssetLinks {
    // MARK: The list and its statements (ASL00x)

    public static let notAnArray = DiagnosticCode(
      "ASL001", .error, "not a statement list",
      help:
        "the file must be a JSON array of statements: [{\"relation\": [...], \"target\": {...}}]")
    public static let emptyList = DiagnosticCode(
      "ASL002", .warning, "empty statement list",
      help: "add a statement, or remove the file: an empty list grants nothing")
    public static let statementNotAnObject = DiagnosticCode(
      "ASL003", .error, "statement is not an object",
      help:
        "write each statement as {\"relation\": [...], \"target\": {...}} or {\"include\": \"https://...\"}"
    )
    public static let missingKey = DiagnosticCode(
      "ASL004", .error, "missing key", help: "add the key: Google rejects the statement without it")
    public static let wrongType = DiagnosticCode(
      "ASL005", .error, "wrong type", help: "use the type the key expects")
    public static let unknownKey = DiagnosticCode(
      "ASL006", .warning, "unknown key",
      help: "remove the key, or fix its spelling: Google ignores it")
    public static let invalidInclude = DiagnosticCode(
      "ASL007", .error, "invalid include URL",
      help: "point \"include\" at an absolute https:// URL of another statement list")
    public static let includeWithOtherKeys = DiagnosticCode(
      "ASL008", .warning, "include mixed with a statement",
      help:
        "split it in two: when \"include\" is present, Google ignores \"relation\" and \"target\""
    )

    // MARK: Relations (ASL01x)

    public static let emptyRelations = DiagnosticCode(
      "ASL009", .warning, "empty relation list",
      help: "add a relation such as \"delegate_permission/common.handle_all_urls\"")
    public static let malformedRelation = DiagnosticCode(
      "ASL010", .error, "malformed relation",
      help:
        "write a relation as <kind>/<detail> in [a-z0-9_.], e.g. delegate_permission/common.handle_all_urls"
    )
    public static let unrecognisedRelation = DiagnosticCode(
      "ASL011", .warning, "unrecognised relation",
      help:
        "Android reads delegate_permission/common.handle_all_urls and common.get_login_creds; check the spelling"
    )
    public static let duplicateRelation = DiagnosticCode(
      "ASL012", .warning, "duplicate relation", help: "remove the repeated relation")

    // MARK: Targets (ASL013–ASL024)

    public static let unknownNamespace = DiagnosticCode(
      "ASL013", .error, "unknown target namespace",
      help: "set \"namespace\" to \"android_app\" or \"web\"")
    public static let invalidPackageName = DiagnosticCode(
      "ASL014", .error, "invalid package name",
      help:
        "use the app's applicationId: dot-separated segments of letters, digits and _, e.g. com.example.app"
    )
    public static let noFingerprints = DiagnosticCode(
      "ASL015", .error, "no certificate fingerprints",
      help:
        "add the SHA-256 fingerprint of the signing certificate (Play Console, App integrity, or `keytool -list -v`)"
    )
    public static let malformedFingerprint = DiagnosticCode(
      "ASL016", .error, "malformed fingerprint",
      help: "write 32 bytes as uppercase hex pairs joined by `:`, e.g. 14:6D:E9:…:44:E5")
    public static let lowercaseFingerprint = DiagnosticCode(
      "ASL017", .error, "lowercase fingerprint",
      help: "write the hex digits in upper case: Google compares fingerprints as uppercase text")
    public static let sha1Fingerprint = DiagnosticCode(
      "ASL018", .error, "SHA-1 fingerprint",
      help: "use the certificate's SHA-256 fingerprint (32 bytes), not its SHA-1 (20 bytes)")
    public static let fingerprintWithoutColons = DiagnosticCode(
      "ASL019", .error, "fingerprint without colons",
      help: "separate each pair of hex digits with `:`, e.g. 14:6D:E9:…")
    public static let duplicateFingerprint = DiagnosticCode(
      "ASL020", .warning, "duplicate fingerprint", help: "remove the repeated fingerprint")
    public static let invalidSite = DiagnosticCode(
      "ASL021", .error, "site is not an origin",
      help:
        "write \"site\" as scheme://host[:port] with scheme http or https and nothing after the host"
    )
    public static let siteTrailingSlash = DiagnosticCode(
      "ASL022", .warning, "site ends with a slash",
      help: "remove the trailing `/`: a site is scheme://host[:port] only")
    public static let webTargetHandlesURLs = DiagnosticCode(
      "ASL023", .warning, "handle_all_urls for a web target",
      help: "App Links need an android_app target; web targets are for common.get_login_creds")
    public static let appWithoutKnownRelation = DiagnosticCode(
      "ASL024", .info, "app granted no App Links or credentials relation",
      help:
        "add delegate_permission/common.handle_all_urls (App Links) or common.get_login_creds (credential sharing)"
    )

    // MARK: The list as a whole (ASL025–)

    public static let duplicateStatement = DiagnosticCode(
      "ASL025", .warning, "duplicate statement", help: "remove the repeated statement")
    public static let listIgnored = DiagnosticCode(
      "ASL026", .error, "whole list ignored",
      help:
        "fix the errors above: Google ignores every statement of a list with one invalid statement")

    // MARK: The list on its own site (ASL027–): only when the site's domain is known

    public static let includesItself = DiagnosticCode(
      "ASL027", .warning, "include of the file itself",
      help:
        "remove the include: it names this site's own assetlinks.json, so it adds nothing and makes a loop"
    )

    // MARK: The question asked (ASL028–)

    public static let appNotGranted = DiagnosticCode(
      "ASL028", .warning, "app not granted App Links",
      help:
        "check the package name: it must be an android_app target granted delegate_permission/common.handle_all_urls"
    )
  }

  /// Every assetlinks.json code, in code order: the `ASL` codes, then the dynamic rules' `DAL`
  /// codes.
  public static let assetLinksCatalog: [DiagnosticCode] =
    [
      .AssetLinks.notAnArray, .AssetLinks.emptyList, .AssetLinks.statementNotAnObject,
      .AssetLinks.missingKey, .AssetLinks.wrongType, .AssetLinks.unknownKey,
      .AssetLinks.invalidInclude,
      .AssetLinks.includeWithOtherKeys, .AssetLinks.emptyRelations, .AssetLinks.malformedRelation,
      .AssetLinks.unrecognisedRelation, .AssetLinks.duplicateRelation, .AssetLinks.unknownNamespace,
      .AssetLinks.invalidPackageName, .AssetLinks.noFingerprints, .AssetLinks.malformedFingerprint,
      .AssetLinks.lowercaseFingerprint, .AssetLinks.sha1Fingerprint,
      .AssetLinks.fingerprintWithoutColons, .AssetLinks.duplicateFingerprint,
      .AssetLinks.invalidSite,
      .AssetLinks.siteTrailingSlash, .AssetLinks.webTargetHandlesURLs,
      .AssetLinks.appWithoutKnownRelation, .AssetLinks.duplicateStatement, .AssetLinks.listIgnored,
      .AssetLinks.includesItself, .AssetLinks.appNotGranted,
    ] + AssetLinks.dynamicRuleCodes
}

// The catalog of AndroidManifest.xml findings. Append new codes; never renumber or reuse.

import AASACore

extension DiagnosticCode {
  /// The AndroidManifest.xml codes: which hosts Android verifies, and why a filter is not.
  public enum AndroidManifest {
    public static let notWellFormed = DiagnosticCode(
      "AMF001", .error, "not well-formed XML", help: "fix the XML at the position given")
    public static let notAManifest = DiagnosticCode(
      "AMF002", .error, "not an Android manifest",
      help: "give the app's source AndroidManifest.xml, whose root element is <manifest>")
    public static let filterNotVerified = DiagnosticCode(
      "AMF003", .warning, "intent filter not verified",
      help:
        "a verified filter needs android:autoVerify=\"true\", the VIEW action, the DEFAULT and BROWSABLE categories, and only http/https schemes"
    )
    public static let invalidHost = DiagnosticCode(
      "AMF004", .warning, "invalid host",
      help: "write a domain name, optionally with a leading `*.`: Android drops other hosts")
    public static let unresolved = DiagnosticCode(
      "AMF005", .warning, "unresolved placeholder or resource",
      help:
        "give the placeholder the value the build gives it (manifestPlaceholders in build.gradle), or put res/values/strings.xml beside the manifest; the value is unknown until then"
    )
    public static let wildcardHost = DiagnosticCode(
      "AMF006", .info, "wildcard host",
      help:
        "Android fetches the apex's assetlinks.json for *.example.com and does not match example.com itself: declare the apex too if it has links"
    )
    public static let legacyAllOrNothing = DiagnosticCode(
      "AMF007", .warning, "Android 11 and lower verify every web host",
      help:
        "on Android 11 and lower, autoVerify on one filter makes every http/https host a candidate, and one host that fails turns App Links off for the whole app"
    )
    public static let noVerifiedHost = DiagnosticCode(
      "AMF008", .info, "no verified host",
      help: "add android:autoVerify=\"true\" to a VIEW/DEFAULT/BROWSABLE filter with https hosts")
    public static let groupNeverDecides = DiagnosticCode(
      "AMF009", .warning, "uri-relative-filter-group that never decides",
      help:
        "a group needs a path, query or fragment condition and a host on its filter, and decides only when no earlier group matched first; a blocking group matters only before an allowing group it narrows"
    )
    public static let groupsIgnoredBeforeAndroid15 = DiagnosticCode(
      "AMF010", .info, "Android 14 and lower ignore uri-relative-filter-group",
      help:
        "Android 14 and lower match the filter without its groups: give it paths of its own that are right there too, or accept that older phones open more of the site"
    )
    public static let attributeIgnoredHere = DiagnosticCode(
      "AMF011", .warning, "attribute ignored where it is written",
      help:
        "inside <uri-relative-filter-group> Android reads only path*, query* and fragment*; outside it, it reads no query* or fragment*: move the attribute"
    )
    public static let credentialStatements = DiagnosticCode(
      "AMF012", .warning, "asset_statements that name no site",
      help:
        "Credential Manager reads the <meta-data android:name=\"asset_statements\" android:resource=\"@string/asset_statements\"> of <application>: its string must be a JSON array that includes the site's assetlinks.json"
    )
  }

  /// Every AndroidManifest.xml code, in code order.
  public static let androidManifestCatalog: [DiagnosticCode] = [
    AndroidManifest.notWellFormed, AndroidManifest.notAManifest,
    AndroidManifest.filterNotVerified, AndroidManifest.invalidHost, AndroidManifest.unresolved,
    AndroidManifest.wildcardHost, AndroidManifest.legacyAllOrNothing,
    AndroidManifest.noVerifiedHost, AndroidManifest.groupNeverDecides,
    AndroidManifest.groupsIgnoredBeforeAndroid15, AndroidManifest.attributeIgnoredHere,
    AndroidManifest.credentialStatements,
  ]
}

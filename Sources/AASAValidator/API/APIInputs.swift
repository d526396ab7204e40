import AASALiveCheck

/// What `POST /api/v1/lint` asks, read and bounded: the inputs of `aasa-lint NAME [URL ...]`.
struct LintInput: Sendable {
  var text: String
  var name: String
  var urls: [String]
  var app: String?
  var domain: String?
  /// `--grants PACKAGE:FINGERPRINT` questions, for an assetlinks.json (never a file's path).
  var grants: [String] = []
  /// An `--expect` table's text, and the name its findings give it.
  var expect: String?
  var expectName = "expect.tsv"
}

/// What `POST /api/v1/check` asks, after the site was vetted.
struct CheckInput: Sendable {
  var site: SiteAddress
  var paths: [String]
  var app: String?
  var cdn: Bool
  var caFile: String?
  var pinnedAddress: String?
  var timeoutSeconds: Double
}

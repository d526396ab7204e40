import AASALint
import AASALiveCheck

/// What `POST /api/v1/lint` asks, read and bounded: the inputs of `aasa-lint NAME [URL ...]`.
struct LintInput: Sendable {
  var text: String
  var name: String
  var urls: [String]
  var app: String?
  var domain: String?
  /// `--kind`: the kind the text is linted as, whatever it reads as; nil: told from the content.
  var kind: InputKind?
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
  /// `--google-base`: ask Google's Digital Asset Links API at this base (nil: not asked).
  var googleBase: String?
  var caFile: String?
  var pinnedAddress: String?
  var timeoutSeconds: Double
  /// Vets Apple's CDN (and any other host the check reaches) as the site was.
  var vetOtherHost: (@Sendable (String, Int) async throws -> String)?
  /// The answer carries each file's text as fetched (`files` in ``CheckBody``).
  var showFiles = false
}

/// What `POST /api/v1/check` with `entitlements` asks: the inputs of `aasa-lint check
/// --entitlements NAME [--app A] [--path P ...]`, the file's bytes as the page read them.
struct EntitlementsCheckInput: Sendable {
  var name: String
  var bytes: [UInt8]
  var paths: [String]
  var app: String?
  var cdn: Bool
  var caFile: String?
  var timeoutSeconds: Double
  /// Vets Apple's CDN (and any other host the checks reach) as the domains were.
  var vetOtherHost: (@Sendable (String, Int) async throws -> String)?
}

/// What `POST /api/v1/route` asks: the inputs of `aasa-lint route --site DIR|https://HOST URL…`.
struct RouteInput: Sendable {
  /// Where the site's two files come from.
  enum Site: Sendable {
    /// Fetched from the live site, connecting to the vetted address; `vetOtherHost` vets the
    /// hosts of `include` statements.
    case live(
      SiteAddress, pinnedAddress: String,
      vetOtherHost: @Sendable (_ host: String, _ port: Int) async throws -> String)
    /// Given as bytes, as a folder holding `.well-known/` would hold them.
    case given(association: [UInt8]?, assetLinks: [UInt8]?)
  }

  var site: Site
  var urls: [String]
  var domain: String?
  var app: String?
  var package: String?
  var fingerprint: String?
  /// An AndroidManifest.xml's bytes and the `NAME=VALUE` placeholders for it.
  var manifest: [UInt8]?
  var placeholders: [String] = []
  /// An entitlements file's (or profile's) name and bytes.
  var entitlements: (name: String, bytes: [UInt8])?
  var caFile: String?
  var timeoutSeconds: Double
}

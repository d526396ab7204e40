import AASA
import AASAAndroid
import AASACore

/// One URL on both platforms: what iOS does with it and why, what Android does and why, and
/// what to change where they disagree. Values only: the command line renders them.
public struct PlatformRoute: Sendable {
  public struct Apple: Sendable {
    public enum Verdict: String, Sendable {
      /// The app opens it.
      case opens
      /// An `exclude` (or `NOT `) rule keeps the app from opening it.
      case blocked
      /// No rule opens it for the app (or the URL's host is another site's).
      case none
      /// No app to ask about, or no association file.
      case unknown
    }

    public var verdict: Verdict
    /// The app asked about (or the one that opens the URL).
    public var app: String?
    /// The deciding rule (or, for `none`, the closest rule and the part it failed on).
    public var rule: RuleReference?
    public var nearMiss: NearMiss?
    /// One phrase, as `aasa-lint` routes it: `D3KQX62K1A.com.example.app by details[0]…`.
    public var explanation: String
    /// With entitlements: whether an `applinks:` entry names the URL's host (nil without them).
    public var entitlementCoversHost: Bool?
  }

  public struct Android: Sendable {
    public enum Verdict: String, Sendable {
      /// The manifest, the grant and the dynamic rules all let the app open it.
      case opens
      /// A step stops it: the browser opens the URL (or the user is asked).
      case browser
      /// The inputs do not tell (no package, no manifest, no statement list).
      case unknown
    }

    public var verdict: Verdict
    public var package: String?
    /// The manifest's verified hosts include the URL's host (nil without a manifest).
    public var hostVerified: Bool?
    /// Whether assetlinks.json (with its includes) grants the package App Links, and why; nil
    /// without a package or a statement list.
    public var granted: Bool?
    public var grantExplanation: String?
    /// Android 15's dynamic rules for the package on this URL.
    public var dynamicRule: AndroidVerdict?
    /// The activity and intent filter (nil without a manifest).
    public var activity: ManifestRoute?
  }

  public var url: String
  public var apple: Apple
  public var android: Android
  /// Plain words, one change each, where the platforms disagree or an input blocks an answer.
  public var fixes: [String]

  /// Both platforms answered, and both open the URL or neither does: nothing to reconcile. An
  /// `unknown` answer agrees with nothing: a site that could not be read (or an app not named)
  /// says nothing about what a device does, so two unknowns are not two platforms alike.
  public var platformsAgree: Bool {
    apple.verdict != .unknown && android.verdict != .unknown
      && (apple.verdict == .opens) == (android.verdict == .opens)
  }
}

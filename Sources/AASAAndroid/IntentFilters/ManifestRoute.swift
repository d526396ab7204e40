import AASACore

/// Which activity of a manifest opens one URL, and why every other filter does not.
public struct ManifestRoute: Hashable, Sendable {
  public enum Decision: String, Hashable, Sendable {
    /// A filter matches and Android 12+ verifies the URL's host for the app: with a granting
    /// `assetlinks.json`, the activity opens without asking.
    case opens
    /// A filter matches, but no verified filter declares the host: Android 12+ opens the
    /// browser unless the user enabled the link in the app's settings (older versions ask).
    case unverified
    /// No filter of the manifest matches: the app never sees the link.
    case none
  }

  /// A filter that matches.
  public struct Match: Hashable, Sendable {
    public var filter: Int
    public var component: String
    public var componentKind: String
    /// The activity that starts (an alias's target).
    public var activity: String
    /// Where `<intent-filter` starts.
    public var filterLocation: SourceLocation
    public var level: IntentFilterOutcome.Level
    /// The `<data>` attribute that decided: the path (or host, port, scheme) that matched.
    public var deciding: ManifestValue
    /// Whether Android 12+ verifies this filter (`autoVerify="true"` and the rest).
    public var filterIsVerified: Bool
  }

  /// A filter that does not match, and why.
  public struct NearMiss: Hashable, Sendable {
    public var filter: Int
    public var component: String
    public var activity: String
    public var filterLocation: SourceLocation
    public var part: IntentFilterOutcome.Part
    public var reason: String
    /// The attribute to look at (the filter itself for actions and categories).
    public var location: SourceLocation
  }

  public var url: String
  public var decision: Decision
  /// The deciding filter: a verified one before others, then the most specific match, then
  /// the first in the file.
  public var match: Match?
  /// Other filters that match too. When they belong to other activities, Android asks the user
  /// which one to use.
  public var alsoMatching: [Match]
  /// Every filter that does not match, in file order.
  public var nearMisses: [NearMiss]
  /// The URL's host is one Android 12+ verifies for this manifest (exactly, or under a `*.`).
  public var hostIsVerified: Bool
  /// What Android 14 and lower answer, when it differs: they ignore
  /// `<uri-relative-filter-group>`, so a blocking group blocks nothing there and a filter whose
  /// only paths are groups opens every path of its hosts. Nil when the answer is the same.
  public var beforeAndroid15: BeforeAndroid15? = nil

  /// The answer of Android 14 and lower, where it differs from Android 15's.
  public struct BeforeAndroid15: Hashable, Sendable {
    public var decision: Decision
    /// The activity that opens there; nil when none does.
    public var activity: String?
    /// Where the deciding filter starts there.
    public var filterLocation: SourceLocation?

    /// `Android 14 and lower: opens .Main (intent filter at 9:7)`.
    public var summary: String {
      guard let activity, let filterLocation else {
        return "Android 14 and lower: no activity (they ignore <uri-relative-filter-group>)"
      }
      let verb = decision == .opens ? "open" : "would open (host not verified)"
      return
        "Android 14 and lower \(verb) \(activity) (intent filter at \(filterLocation)): they ignore <uri-relative-filter-group>"
    }
  }

  /// Whether more than one activity matches (Android then shows a chooser between them).
  public var isAmbiguous: Bool {
    guard let match else { return false }
    return alsoMatching.contains { $0.activity != match.activity }
  }

  /// One sentence: `opens .ProductActivity (filter at 12:7, android:pathPrefix="/products" at
  /// 15:13)`.
  public var summary: String {
    switch decision {
    case .none:
      return "no activity: no intent filter matches"
    case .opens, .unverified:
      guard let match else { return decision.rawValue }
      let verb = decision == .opens ? "opens" : "would open (host not verified)"
      return
        "\(verb) \(match.activity) (intent filter at \(match.filterLocation), \(match.deciding.description) at \(match.deciding.location))"
    }
  }
}

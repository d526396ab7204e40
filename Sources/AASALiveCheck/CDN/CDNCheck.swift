import AASA

/// What Apple's CDN holds for a site, which is what devices read: the `cdn` line, and under it
/// what the CDN's headers say (each `Apple-*` header, `Age`, `Cache-Control`), what a failure
/// means and what to do, when the CDN will ask the origin again, and how a copy that differs from
/// the origin's routes differently.
public struct CDNCheck: Sendable {
  /// The CDN copy's URL, `https://app-site-association.cdn-apple.com/a/v1/HOST`.
  public var url: String
  /// `cdn`: pass (the same as the origin's), warn (differs, no copy yet, could not be asked),
  /// fail (the CDN's fetch of the origin failed, so devices get no file), info (not asked).
  public var requirement: Requirement
  /// The lines under it: `cdn-reason`, `cdn-details`, `cdn-fix`, `cdn-retry`, `cdn-header`,
  /// `cdn-rule`, `cdn-route`.
  public var notes: [Requirement] = []
  /// Every `Apple-*` header, `Age` and `Cache-Control`, as sent.
  public var headers: [FetchedResource.Header] = []
  public var failure: CDNFailure?
  public var caching: CDNCaching?
  /// URLs that open another app with the CDN's copy than with the origin's file.
  public var routingDifferences: [RoutingProbe.Difference] = []
  /// The CDN's copy as parsed, when it sent one Apple can read: what devices have, so that each
  /// service can be asked of it as of the origin's file (``LiveCheckReport/compareCDN(_:expected:)``).
  public var copy: SiteAssociation?
  /// `cdn-applinks`, `cdn-webcredentials`, …: per service the app is checked for, whether the
  /// CDN's copy lists it as the origin's file does.
  public var services: [Requirement] = []

  public init(url: String, requirement: Requirement) {
    self.url = url
    self.requirement = requirement
  }

  /// Every line: the `cdn` line first, then the services' lines, then the notes.
  public var requirements: [Requirement] { [requirement] + services + notes }

  /// The headers worth reporting: Apple's own, and those that say how long the answer is kept.
  static func reportedHeaders(_ response: FetchedResource) -> [FetchedResource.Header] {
    response.headers.filter {
      let name = $0.name.lowercased()
      return name.hasPrefix("apple-") || name == "age" || name == "cache-control"
    }
  }
}

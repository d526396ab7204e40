import AASACore

/// Routes URLs through a manifest's intent filters as Android resolves a link from a browser:
/// built once from the manifest's bytes (one parse), immutable and `Sendable`.
///
/// ```swift
/// let router = ManifestRouter(manifest: bytes, resources: resources)
/// let route = router.route("https://shop.example.com/products/42")
/// route.decision          // .opens
/// route.match?.activity   // ".ProductActivity"
/// route.nearMisses        // why each other filter does not match
/// ```
public struct ManifestRouter: Sendable {
  /// What the manifest verifies, and its findings (as `AndroidManifestFile.read` reports them).
  public let report: ManifestReport
  /// Every intent filter of the manifest, in file order.
  public let filters: [ManifestIntentFilter]

  public init(manifest bytes: [UInt8], resources: ManifestResources = .init()) {
    let (report, elements) = AndroidManifestFile.readWithElements(bytes, resources: resources)
    self.report = report
    filters = (elements?.filters ?? []).enumerated().map {
      ManifestIntentFilter($0.element, index: $0.offset, resources: resources)
    }
  }

  /// The filters that can open web links: VIEW and BROWSABLE, with an http or https scheme.
  public var webFilters: [ManifestIntentFilter] {
    filters.filter {
      $0.actions.contains(AndroidManifestFile.view)
        && $0.categories.contains(AndroidManifestFile.browsable)
        && $0.schemes.contains { $0.value == "http" || $0.value == "https" }
    }
  }

  /// Which activity opens `url`, which filter and `<data>` attribute decide, and why every
  /// other filter does not match. Linear in the manifest's `<data>` attributes.
  public func route(_ url: String) -> ManifestRoute {
    let parsed = IntentURL(url)
    let (ordered, misses) = resolve(parsed, groups: true)
    let verified = hostIsVerified(parsed)
    let webScheme = parsed.scheme == "https" || parsed.scheme == "http"
    func decision(_ matches: [ManifestRoute.Match]) -> ManifestRoute.Decision {
      matches.isEmpty ? .none : (verified && webScheme ? .opens : .unverified)
    }
    var route = ManifestRoute(
      url: url, decision: decision(ordered), match: ordered.first,
      alsoMatching: Array(ordered.dropFirst()), nearMisses: misses, hostIsVerified: verified)
    // Android 14 and lower ignore the groups: say so where that changes the answer.
    if filters.contains(where: { !$0.groups.isEmpty }) {
      let (older, _) = resolve(parsed, groups: false)
      let olderDecision = decision(older)
      if olderDecision != route.decision || older.first?.activity != route.match?.activity {
        route.beforeAndroid15 = .init(
          decision: olderDecision, activity: older.first?.activity,
          filterLocation: older.first?.filterLocation)
      }
    }
    return route
  }

  /// The filters that match `url` (a verified filter first, then the most specific match; file
  /// order breaks ties), and why each other one does not.
  private func resolve(_ parsed: IntentURL, groups: Bool)
    -> ([ManifestRoute.Match], [ManifestRoute.NearMiss])
  {
    var matches: [ManifestRoute.Match] = []
    var misses: [ManifestRoute.NearMiss] = []
    for filter in filters {
      switch filter.match(parsed, groups: groups) {
      case .matched(let level, let deciding):
        matches.append(
          .init(
            filter: filter.index, component: filter.component,
            componentKind: filter.componentKind, activity: filter.activity,
            filterLocation: filter.location, level: level, deciding: deciding,
            filterIsVerified: filter.isVerified))
      case .missed(let part, let reason, let location):
        misses.append(
          .init(
            filter: filter.index, component: filter.component, activity: filter.activity,
            filterLocation: filter.location, part: part, reason: reason, location: location))
      }
    }
    let ordered = matches.enumerated().sorted { lhs, rhs in
      let left = (lhs.element.filterIsVerified ? 1 : 0, lhs.element.level.rawValue, -lhs.offset)
      let right = (rhs.element.filterIsVerified ? 1 : 0, rhs.element.level.rawValue, -rhs.offset)
      return left > right
    }.map(\.element)
    return (ordered, misses)
  }

  /// Whether Android 12+ verifies the URL's host for this app: declared exactly by a verified
  /// filter, or under one of its `*.` hosts (a subdomain, not the apex).
  private func hostIsVerified(_ url: IntentURL) -> Bool {
    guard let host = url.host?.lowercased(), !host.isEmpty else { return false }
    let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
    return report.hosts.contains { entry in
      entry.wildcard ? trimmed.hasSuffix("." + entry.host) : trimmed == entry.host
    }
  }
}

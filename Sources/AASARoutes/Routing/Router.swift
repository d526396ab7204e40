import AASACore

/// Routes deep links with one route config, as the iOS or the Android library would.
///
/// Built once from a ``RouteConfig``; immutable and `Sendable`, so any number of threads route
/// with it at once. Routing does no I/O. Routes are indexed by segment count and first segment,
/// so a link is tried only against the routes that could match it, in file order.
public struct Router: Sendable {
  public let config: RouteConfig
  private let indexes: [Platform: RouteIndex]

  public init(_ config: RouteConfig) {
    self.config = config
    var indexes: [Platform: RouteIndex] = [:]
    for platform in Platform.allCases {
      indexes[platform] = RouteIndex(config.routes, platform: platform)
    }
    self.indexes = indexes
  }

  /// The route a link takes on `platform`, with the parameters, the target and, when the link
  /// did not match as given, the closest route and what it failed.
  public func route(_ input: String, on platform: Platform, explain: Bool = true) -> RouteAnswer {
    let link = DeepLink(input)
    let index = indexes[platform]!
    let stopsAtValidationFailure = platform == .ios && config.logging.isOnForIOS
    var length = link.segments.count
    var answer: RouteAnswer?
    while length > 0 {
      let segments = link.segments[0..<length]
      var winner: (position: Int, parameters: [(name: String, value: String)])?
      var others: [String] = []
      tries: for position in index.candidates(segments) {
        // Indexed in place: copying a route would retain each of its fields.
        switch config.routes[position].match(segments, query: link.queryItems, on: platform) {
        case .success(let parameters):
          guard winner == nil else {
            others.append(config.routes[position].key)
            continue
          }
          winner = (position, parameters)
          // Android takes the first in file order; iOS's order is undefined, so the explanation
          // goes on to name the others it could pick.
          if !explain || platform == .android { break tries }
        case .failure(let failure):
          if winner == nil, stopsAtValidationFailure, failure.isValidationFailure { break tries }
        }
      }
      if let winner {
        let route = config.routes[winner.position]
        let exact = length == link.segments.count
        answer = RouteAnswer(
          input: input, platform: platform, via: exact ? .exact : .trimmed, route: route,
          matched: exact ? input : link.trimmed(to: length), parameters: winner.parameters,
          target: route.target, storyboard: storyboard(for: route.target, on: platform))
        answer!.alsoMatching = others
        break
      }
      // Android rebuilds the trimmed link without its host: only the defaultRoute is left.
      if platform == .android { break }
      length -= 1
    }
    if answer == nil {
      if let defaultRoute = config.defaultRoute {
        answer = RouteAnswer(
          input: input, platform: platform, via: .default, route: nil, matched: nil,
          parameters: [], target: defaultRoute,
          storyboard: storyboard(for: defaultRoute, on: platform))
      } else {
        answer = RouteAnswer(
          input: input, platform: platform, via: .none, route: nil, matched: nil, parameters: [],
          target: nil, storyboard: nil)
      }
    }
    if explain, answer!.via != .exact, !link.segments.isEmpty {
      answer!.closest = closest(to: link, on: platform)
    }
    return answer!
  }

  /// Only the route's name and how it was reached: what `--format tsv` and `--expect` need.
  public func routeName(_ input: String, on platform: Platform) -> (String?, RouteAnswer.Via) {
    let answer = route(input, on: platform, explain: false)
    return (answer.routeName, answer.via)
  }

  /// The route that got furthest with the whole link (file order breaks ties).
  private func closest(to link: DeepLink, on platform: Platform) -> RouteAnswer.Closest? {
    var best: RouteAnswer.Closest?
    var bestProgress = -1
    let segments = link.segments[...]
    for route in config.routes {
      guard case .failure(let failure) = route.match(segments, query: link.queryItems, on: platform)
      else { continue }
      var shared = 0
      if case .segmentCount = failure {
        shared = Self.sharedPrefix(route.segments(on: platform), segments)
      }
      let progress = failure.progress(length: segments.count, sharedPrefix: shared)
      if progress > bestProgress {
        bestProgress = progress
        best = RouteAnswer.Closest(routeKey: route.key, failure: failure)
      }
    }
    return best
  }

  private static func sharedPrefix(_ key: [RouteSegment], _ segments: ArraySlice<String>) -> Int {
    var count = 0
    for (segment, value) in zip(key, segments) {
      switch segment {
      case .literal(let literal) where literal == value: count += 1
      case .parameter: count += 1
      default: return count
      }
    }
    return count
  }

  /// The storyboard an iOS device loads: the route's, else the file's.
  private func storyboard(for target: RouteTarget, on platform: Platform) -> ResolvedStoryboard? {
    guard platform == .ios else { return nil }
    return (target.storyboard ?? config.storyboard)?.resolved
  }
}

import AASACore

/// Which routes can match the same link, decided on their keys and regexes.
///
/// Two routes can match one link when their keys have as many segments and every position can
/// hold one value both accept: equal literals; a literal and a `:param` whose regex accepts that
/// literal (the regex is run on it, as the platform runs it); two `:params` without a regex, or
/// with the same regex. Two different regexes are not compared (that is not decidable cheaply):
/// such pairs are not reported.
///
/// A later route is shadowed when the earlier one accepts every link the later one does: then
/// Android, which tries routes in file order, never reaches it.
///
/// Routes are grouped by segment count and first literal, so only routes that could meet are
/// compared; at most ``maximumComparisons`` pairs are, whatever the file holds.
struct RouteOverlap {
  static let maximumComparisons = 200_000
  /// The longest literal a nested-quantifier regex (MDL203) is run on: ICU backtracks through at
  /// most about 2^16 paths on it.
  static let riskyLiteralLength = 16

  enum Finding {
    case overlap(earlier: Route, later: Route)
    case shadowed(earlier: Route, later: Route)
  }

  /// The findings, in the order of the later route, and whether the comparison was cut short.
  static func find(in routes: [Route]) -> (findings: [Finding], complete: Bool) {
    var findings: [Finding] = []
    // Grouped on Android's segments (a key ending with `/` never matches on iOS, and
    // ``canOverlap(_:_:)`` finds no overlap for it there).
    var groups: [Int: (literal: [String: [Int]], parameter: [Int])] = [:]
    for (position, route) in routes.enumerated() {
      let segments = route.androidSegments
      guard let first = segments.first, !segments.contains(.empty) else { continue }
      switch first {
      case .literal(let text):
        groups[segments.count, default: ([:], [])].literal[text, default: []].append(position)
      case .parameter:
        groups[segments.count, default: ([:], [])].parameter.append(position)
      case .empty: continue
      }
    }
    var comparisons = 0
    func compare(_ earlier: Int, _ later: Int) -> Bool {
      comparisons += 1
      guard comparisons <= maximumComparisons else { return false }
      let a = routes[earlier]
      let b = routes[later]
      if shadows(a, b) {
        findings.append(.shadowed(earlier: a, later: b))
      } else if canOverlap(a, b) {
        findings.append(.overlap(earlier: a, later: b))
      }
      return true
    }
    for count in groups.keys.sorted() {
      let group = groups[count]!
      for positions in group.literal.values {
        for (i, earlier) in positions.enumerated() {
          for later in positions[(i + 1)...] {
            if !compare(earlier, later) { return (sorted(findings), false) }
          }
          for other in group.parameter {
            if !compare(min(earlier, other), max(earlier, other)) {
              return (sorted(findings), false)
            }
          }
        }
      }
      for (i, earlier) in group.parameter.enumerated() {
        for later in group.parameter[(i + 1)...] {
          if !compare(earlier, later) { return (sorted(findings), false) }
        }
      }
    }
    return (sorted(findings), true)
  }

  private static func sorted(_ findings: [Finding]) -> [Finding] {
    findings.sorted { (later($0).order, earlier($0).order) < (later($1).order, earlier($1).order) }
  }

  static func earlier(_ finding: Finding) -> Route {
    switch finding {
    case .overlap(let earlier, _), .shadowed(let earlier, _): earlier
    }
  }

  static func later(_ finding: Finding) -> Route {
    switch finding {
    case .overlap(_, let later), .shadowed(_, let later): later
    }
  }

  /// Whether one link can match both routes on iOS (where either may then win).
  static func canOverlap(_ a: Route, _ b: Route) -> Bool {
    let left = a.iosSegments
    let right = b.iosSegments
    guard left.count == right.count else { return false }
    for (x, y) in zip(left, right) {
      switch (x, y) {
      case (.literal(let l), .literal(let r)):
        if l != r { return false }
      case (.literal(let literal), .parameter(let name)):
        if !accepts(b, name, literal, .ios) { return false }
      case (.parameter(let name), .literal(let literal)):
        if !accepts(a, name, literal, .ios) { return false }
      case (.parameter(let l), .parameter(let r)):
        let leftRegex = a.parameters[l]?.regex
        let rightRegex = b.parameters[r]?.regex
        if leftRegex?.problem != nil || rightRegex?.problem != nil { return false }
        if let leftRegex, let rightRegex, leftRegex.pattern != rightRegex.pattern { return false }
      default:
        return false
      }
    }
    return true
  }

  /// Whether every link `later` matches on Android is matched by `earlier` too.
  static func shadows(_ earlier: Route, _ later: Route) -> Bool {
    let left = earlier.androidSegments
    let right = later.androidSegments
    guard left.count == right.count else { return false }
    for (x, y) in zip(left, right) {
      switch (x, y) {
      case (.literal(let l), .literal(let r)):
        if l != r { return false }
      case (.parameter(let name), .literal(let literal)):
        if !accepts(earlier, name, literal, .android) { return false }
      case (.parameter(let l), .parameter(let r)):
        if let regex = earlier.parameters[l]?.regex {
          guard regex.problem == nil, later.parameters[r]?.regex?.pattern == regex.pattern else {
            return false
          }
        }
      default:
        return false
      }
    }
    // The earlier route's own query checks must hold whenever the later route matches.
    let path = Set(earlier.pathParameterNames)
    for name in earlier.parameterNames where !path.contains(name) {
      let mine = earlier.parameters[name]!
      let theirs = later.parameters[name]
      if mine.required.isRequired(on: .android), theirs?.required.isRequired(on: .android) != true {
        return false
      }
      if let regex = mine.regex, theirs?.regex?.pattern != regex.pattern { return false }
    }
    return true
  }

  /// Whether the route's `name` parameter accepts `literal` on `platform` (no regex: any value).
  private static func accepts(
    _ route: Route, _ name: String, _ literal: String, _ platform: Platform
  )
    -> Bool
  {
    guard let regex = route.parameters[name]?.regex else { return true }
    // A nested-quantifier pattern can take exponential time on a literal of a few dozen
    // characters: past `riskyLiteralLength`, the pair is not proven to overlap, and not reported.
    if regex.mayBacktrackCatastrophically && literal.utf16.count > riskyLiteralLength {
      return false
    }
    return regex.problem == nil && regex.accepts(literal, on: platform)
  }
}

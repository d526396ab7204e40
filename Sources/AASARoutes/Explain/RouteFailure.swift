/// Why one route did not match a link: the first check it failed, in the order the libraries
/// check (segment count, segments left to right, regexes, required parameters).
public enum RouteFailure: Error, Hashable, Sendable, CustomStringConvertible {
  case segmentCount(route: Int, link: Int)
  /// The key has an empty segment at this 1-based position (`/data`, `a//b`, iOS's `data/`).
  case emptySegment(position: Int)
  case literal(position: Int, expected: String, found: String)
  case regex(name: String, pattern: String, value: String)
  /// The parameter's regex cannot be used (it does not compile, or is too long).
  case unusableRegex(name: String, pattern: String)
  case missingRequired(name: String)

  public var description: String {
    switch self {
    case .segmentCount(let route, let link):
      "segment count: the route has \(route), the link \(link)"
    case .emptySegment(let position):
      "literal segment \(position): the key's segment is empty and never matches"
    case .literal(let position, let expected, let found):
      "literal segment \(position): expected \"\(expected)\", found \"\(found)\""
    case .regex(let name, let pattern, let value):
      "regex of \(name) (\(pattern)) on value \"\(value)\""
    case .unusableRegex(let name, let pattern):
      "regex of \(name) (\(pattern)) does not compile"
    case .missingRequired(let name):
      "missing required \(name)"
    }
  }

  /// How far the route got with a link of `length` segments before failing: the closest route is
  /// the one that got furthest. Four points per segment matched, two for the right segment
  /// count, then one for a regex failure and two for a missing required parameter (the later a
  /// check, the nearer the route). `sharedPrefix` is what a route of another length matched.
  func progress(length: Int, sharedPrefix: Int) -> Int {
    switch self {
    case .segmentCount: sharedPrefix * 4
    case .emptySegment(let position), .literal(let position, _, _): (position - 1) * 4 + 2
    case .regex, .unusableRegex: length * 4 + 3
    case .missingRequired: length * 4 + 4
    }
  }

  /// Whether iOS's logging quirk stops trying other routes after this failure.
  var isValidationFailure: Bool {
    switch self {
    case .regex, .unusableRegex, .missingRequired: true
    default: false
    }
  }
}

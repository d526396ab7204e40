import AASACore

/// One entry of `routes`, ready to match: its key split for each platform, its parameters with
/// their regexes compiled, and what it leads to.
public struct Route: Hashable, Sendable {
  /// The key as written, e.g. `data/:dataId`.
  public var key: String
  /// The key's position in the file, and its place among the routes (file order).
  public var keyLocation: SourceLocation
  public var order: Int
  public var iosSegments: [RouteSegment]
  public var androidSegments: [RouteSegment]
  public var target: RouteTarget
  /// The declared `routeParameters`, by name (a duplicated name keeps its last entry).
  public var parameters: [String: RouteParameter]
  /// The declared names in file order, for stable reports.
  public var parameterNames: [String]
  /// Whether the route has a `routeParameters` object at all: Android reads query parameters only
  /// then.
  public var hasRouteParameters: Bool

  public init(
    key: String, keyLocation: SourceLocation = .start, order: Int = 0, target: RouteTarget,
    parameters: [RouteParameter] = [], hasRouteParameters: Bool? = nil
  ) {
    self.key = key
    self.keyLocation = keyLocation
    self.order = order
    self.iosSegments = RouteSegment.split(key, on: .ios)
    self.androidSegments = RouteSegment.split(key, on: .android)
    self.target = target
    var byName: [String: RouteParameter] = [:]
    var names: [String] = []
    for parameter in parameters {
      if byName[parameter.name] == nil { names.append(parameter.name) }
      byName[parameter.name] = parameter
    }
    self.parameters = byName
    self.parameterNames = names
    self.hasRouteParameters = hasRouteParameters ?? !parameters.isEmpty
  }

  public func segments(on platform: Platform) -> [RouteSegment] {
    platform == .ios ? iosSegments : androidSegments
  }

  /// The names the key captures, in key order.
  public var pathParameterNames: [String] {
    iosSegments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
  }
}

/// One entry of a route's `routeParameters`: a path `:name` or a query parameter the route reads.
public struct RouteParameter: Hashable, Sendable {
  public var name: String
  public var required: RequiredSetting
  public var regex: ParameterRegex?

  public init(name: String, required: RequiredSetting = .absent, regex: ParameterRegex? = nil) {
    self.name = name
    self.required = required
    self.regex = regex
  }
}

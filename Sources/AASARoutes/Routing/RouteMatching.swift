import AASACore

/// Matching one route against a link's segments and query, as one platform's library does.
extension Route {
  /// The parameters the route hands its handlers and view when it matches, in capture order
  /// (path, then declared query parameters), or the first check it fails.
  public func match(
    _ segments: ArraySlice<String>, query: [DeepLink.QueryItem], on platform: Platform
  ) -> Result<[(name: String, value: String)], RouteFailure> {
    let keySegments = self.segments(on: platform)
    guard keySegments.count == segments.count else {
      return .failure(.segmentCount(route: keySegments.count, link: segments.count))
    }
    var captured: [(name: String, value: String)] = []
    for (position, (segment, value)) in zip(keySegments, segments).enumerated() {
      switch segment {
      case .empty:
        return .failure(.emptySegment(position: position + 1))
      case .literal(let literal):
        guard literal == value else {
          return .failure(.literal(position: position + 1, expected: literal, found: value))
        }
      case .parameter(let name):
        Self.set(name, value, in: &captured)
      }
    }
    // Query parameters: only declared names; Android reads them only when the route declares
    // any, and drops `name=`.
    if !parameters.isEmpty, platform == .ios || hasRouteParameters {
      for item in query where parameters[item.name] != nil {
        if platform == .android && item.value.isEmpty { continue }
        Self.set(item.name, item.value, in: &captured)
      }
    }
    for (name, value) in captured {
      guard let regex = parameters[name]?.regex else { continue }
      if regex.problem != nil {
        return .failure(.unusableRegex(name: name, pattern: regex.pattern))
      }
      if !regex.accepts(value, on: platform) {
        return .failure(.regex(name: name, pattern: regex.pattern, value: value))
      }
    }
    for name in parameterNames where parameters[name]!.required.isRequired(on: platform) {
      if !captured.contains(where: { $0.name == name }) {
        return .failure(.missingRequired(name: name))
      }
    }
    return .success(captured)
  }

  /// A name seen again keeps its place and takes the later value, as a dictionary does.
  private static func set(
    _ name: String, _ value: String, in captured: inout [(name: String, value: String)]
  ) {
    if let index = captured.firstIndex(where: { $0.name == name }) {
      captured[index].value = value
    } else {
      captured.append((name, value))
    }
  }
}

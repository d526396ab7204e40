/// One path constraint of an intent filter's `<data>`: what URLs of a verified host the app
/// declares at all. Dynamic rules can only narrow these (a URL outside them never opens the app).
public enum ManifestPath: Hashable, Sendable {
  case path(String)
  case prefix(String)
  case pattern(String)
  case suffix(String)
  case advancedPattern(String)

  /// The `<data>` attributes, and the constraint each makes.
  static let attributes: [(String, @Sendable (String) -> ManifestPath)] = [
    ("path", { .path($0) }), ("pathPrefix", { .prefix($0) }), ("pathPattern", { .pattern($0) }),
    ("pathSuffix", { .suffix($0) }), ("pathAdvancedPattern", { .advancedPattern($0) }),
  ]

  /// Whether some path starting with `lead` (or, with `exact`, the path `lead` itself) could
  /// satisfy this constraint. Patterns and suffixes are assumed to: the answer is "no" only
  /// when it is certain.
  func admits(lead: String, exact: Bool) -> Bool {
    switch self {
    case .path(let path): exact ? path == lead : path.hasPrefix(lead)
    case .prefix(let prefix): lead.hasPrefix(prefix) || (!exact && prefix.hasPrefix(lead))
    case .pattern, .suffix, .advancedPattern: true
    }
  }

  /// `android:pathPrefix="/shop"`.
  public var description: String {
    switch self {
    case .path(let value): "android:path=\"\(value)\""
    case .prefix(let value): "android:pathPrefix=\"\(value)\""
    case .pattern(let value): "android:pathPattern=\"\(value)\""
    case .suffix(let value): "android:pathSuffix=\"\(value)\""
    case .advancedPattern(let value): "android:pathAdvancedPattern=\"\(value)\""
    }
  }
}

extension DynamicRules {
  /// The components that open URLs no manifest path of the host admits: dynamic rules cannot
  /// widen the manifest, so they never open anything. `paths` nil means the manifest admits
  /// every path.
  public func componentsOutside(_ paths: [ManifestPath]?) -> [DynamicComponent] {
    guard let paths, !paths.isEmpty else { return [] }
    return components.filter { component in
      guard !component.excludes, let path = component.path else { return false }
      let exact = path.kind == .literal
      let lead = exact ? path.written : String(path.literalLead)
      return !paths.contains { $0.admits(lead: lead, exact: exact) }
    }
  }
}

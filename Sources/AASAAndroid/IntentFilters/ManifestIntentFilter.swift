import AASACore

/// A value of a manifest attribute: as written, as the build resolves it (placeholders,
/// `@string/` resources, aapt's `\` escapes), and where its name starts.
public struct ManifestValue: Hashable, Sendable {
  /// The attribute's local name: `host`, `pathPrefix`…
  public var attribute: String
  public var written: String
  public var value: String
  public var location: SourceLocation
  /// A placeholder or resource in it is not resolved, so ``value`` still holds `${…}`.
  public var unresolved: Bool

  /// `android:host="shop.example.com"`.
  public var description: String { "android:\(attribute)=\"\(written)\"" }
}

/// One `<intent-filter>` with its `<data>` elements merged as Android merges them: every scheme,
/// every host (with the port of the same element), every path and every type of the filter go
/// into one list each, and combine freely (`IntentFilter.addDataScheme`, `addDataAuthority`,
/// `addDataPath`, `addDataType`). A `port` without a `host` in the same element is ignored, as
/// Android ignores it.
public struct ManifestIntentFilter: Hashable, Sendable {
  public struct Authority: Hashable, Sendable {
    public var host: ManifestValue
    public var port: ManifestValue?
  }

  public struct Path: Hashable, Sendable {
    public var pattern: IntentPathPattern
    public var value: ManifestValue
  }

  /// Its position among the manifest's filters, from 0.
  public var index: Int
  /// The `android:name` of the enclosing `<activity>`, `<activity-alias>`, `<service>` or
  /// `<receiver>`.
  public var component: String
  public var componentKind: String
  /// The activity that starts: an alias's `android:targetActivity`, else ``component``.
  public var activity: String
  /// Where `<intent-filter` starts.
  public var location: SourceLocation
  /// `android:autoVerify`, resolved.
  public var autoVerify: ManifestValue?
  public var actions: [String]
  public var categories: [String]
  public var schemes: [ManifestValue]
  public var authorities: [Authority]
  public var paths: [Path]
  public var mimeTypes: [ManifestValue]
  /// Its `<uri-relative-filter-group>` elements (Android 15), in the order written.
  public var groups: [RelativeFilterGroup]
  /// `query*` and `fragment*` attributes on the filter's own `<data>`, which Android reads only
  /// inside a `<uri-relative-filter-group>`.
  public var conditionsOutsideGroups: [ManifestValue]

  /// Whether Android 12+ verifies this filter's hosts (`autoVerify="true"`, VIEW, DEFAULT,
  /// BROWSABLE, only http/https schemes, at least one host), as `ManifestReport` lists them.
  public var isVerified: Bool {
    autoVerify?.value.lowercased() == "true" && actions.contains(AndroidManifestFile.view)
      && categories.contains(AndroidManifestFile.defaultCategory)
      && categories.contains(AndroidManifestFile.browsable) && !schemes.isEmpty
      && schemes.allSatisfy { $0.value == "http" || $0.value == "https" } && !authorities.isEmpty
  }

  init(_ filter: ManifestElements.Filter, index: Int, resources: ManifestResources) {
    self.index = index
    component = filter.component
    componentKind = filter.componentKind
    activity = filter.targetActivity ?? filter.component
    location = filter.location
    autoVerify = filter.autoVerify.map {
      Self.value("autoVerify", $0, at: filter.autoVerifyLocation ?? filter.location, resources)
    }
    actions = filter.actions
    categories = filter.categories
    var schemes: [ManifestValue] = []
    var authorities: [Authority] = []
    var paths: [Path] = []
    var mimeTypes: [ManifestValue] = []
    var outside: [ManifestValue] = []
    for data in filter.data {
      func attribute(_ name: String) -> ManifestValue? {
        data.attributes[name].map { Self.value(name, $0.value, at: $0.location, resources) }
      }
      if let scheme = attribute("scheme") { schemes.append(scheme) }
      if let host = attribute("host") {
        authorities.append(Authority(host: host, port: attribute("port")))
      }
      for kind in IntentPathPattern.Kind.allCases {
        if let value = attribute(kind.rawValue) {
          paths.append(Path(pattern: IntentPathPattern(kind, value.value), value: value))
        }
      }
      if let type = attribute("mimeType") { mimeTypes.append(type) }
      for condition in RelativeFilterGroup.conditionAttributes where condition.part != .path {
        if let value = attribute(condition.name) { outside.append(value) }
      }
    }
    self.schemes = schemes
    self.authorities = authorities
    self.paths = paths
    self.mimeTypes = mimeTypes
    conditionsOutsideGroups = outside.sorted {
      ($0.location.offset, $0.attribute) < ($1.location.offset, $1.attribute)
    }
    groups = filter.groups.enumerated().map { index, group in
      Self.group(group, index: index, resources: resources)
    }
  }

  /// A group's conditions, attribute by attribute in the order written, and what it ignores.
  private static func group(
    _ group: ManifestElements.Group, index: Int, resources: ManifestResources
  ) -> RelativeFilterGroup {
    let allow = group.allow.map { value("allow", $0.value, at: $0.location, resources) }
    var conditions: [RelativeFilterGroup.Condition] = []
    var ignored: [ManifestValue] = []
    for data in group.data {
      var found: [(ManifestValue, RelativeFilterGroup.Condition?)] = []
      for (name, attribute) in data.attributes {
        let written = value(name, attribute.value, at: attribute.location, resources)
        if let kind = RelativeFilterGroup.conditionAttributes.first(where: { $0.name == name }) {
          let pattern = IntentPathPattern(kind.kind, written.value)
          found.append((written, .init(part: kind.part, pattern: pattern, value: written)))
        } else if name != "name" {
          found.append((written, nil))
        }
      }
      // Dictionary order is not the file's: the attributes' positions put them back in it.
      let ordered = found.sorted {
        ($0.0.location.offset, $0.0.attribute) < ($1.0.location.offset, $1.0.attribute)
      }
      for (written, condition) in ordered {
        if let condition { conditions.append(condition) } else { ignored.append(written) }
      }
    }
    // `TypedArray.getBoolean`: "true" and "false" (any case) as written; anything else keeps
    // the default, which for `allow` is true.
    let allows = allow.map { $0.value.lowercased() != "false" } ?? true
    return RelativeFilterGroup(
      index: index, allows: allows, allow: allow, location: group.location,
      conditions: conditions, ignored: ignored)
  }

  private static func value(
    _ name: String, _ written: String, at location: SourceLocation,
    _ resources: ManifestResources
  ) -> ManifestValue {
    let resolved = resources.resolve(written)
    return ManifestValue(
      attribute: name, written: written, value: AAPTString.unescape(resolved.value),
      location: location, unresolved: !resolved.unresolved.isEmpty)
  }
}

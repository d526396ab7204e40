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
    }
    self.schemes = schemes
    self.authorities = authorities
    self.paths = paths
    self.mimeTypes = mimeTypes
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

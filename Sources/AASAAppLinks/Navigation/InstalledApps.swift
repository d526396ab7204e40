/// What the simulated device can open (`--installed`). Nothing is installed unless listed.
///
/// On iOS and Windows an entry is a URL scheme (`bolts2`). On Android it is `PACKAGE` (any
/// activity, any data), `PACKAGE/CLASS` (that activity) or `PACKAGE:SCHEME` (an activity of the
/// package that handles data of that scheme, as an implicit intent finds it).
public struct InstalledApps: Sendable, Hashable {
  public enum Entry: Sendable, Hashable {
    case scheme(String)
    case package(String)
    case activity(package: String, className: String)
    case packageHandling(package: String, scheme: String)
  }

  public let entries: [Entry]
  /// The entries as sets, so that a page of thousands of targets is navigated in linear time.
  private let schemes: Set<String>
  private let packages: Set<String>
  private let activities: Set<String>
  private let handlers: Set<String>
  private let handledSchemes: Set<String>

  public init(_ entries: [Entry] = []) {
    self.entries = entries
    var schemes = Set<String>()
    var packages = Set<String>()
    var activities = Set<String>()
    var handlers = Set<String>()
    var handledSchemes = Set<String>()
    for entry in entries {
      switch entry {
      case .scheme(let scheme): schemes.insert(scheme)
      case .package(let package): packages.insert(package)
      case .activity(let package, let className): activities.insert(package + "/" + className)
      case .packageHandling(let package, let scheme):
        handlers.insert(package + ":" + scheme)
        handledSchemes.insert(scheme)
      }
    }
    self.schemes = schemes
    self.packages = packages
    self.activities = activities
    self.handlers = handlers
    self.handledSchemes = handledSchemes
  }

  /// Reads `--installed` arguments for `device`.
  public static func parse(_ arguments: [String], for device: Device) -> InstalledApps {
    InstalledApps(
      arguments.map { argument in
        guard device == .android else {
          // `bolts2`, `bolts2:` and `bolts2://` all name the scheme.
          let scheme = argument.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
          return .scheme(scheme.lowercased())
        }
        if let slash = argument.firstIndex(of: "/") {
          return .activity(
            package: String(argument[..<slash]),
            className: String(argument[argument.index(after: slash)...]))
        }
        if let colon = argument.firstIndex(of: ":") {
          return .packageHandling(
            package: String(argument[..<colon]),
            scheme: String(argument[argument.index(after: colon)...]).lowercased())
        }
        return .package(argument)
      })
  }

  /// iOS and Windows: whether an app handles `scheme`. The browser handles http and https.
  public func canOpen(scheme: String) -> Bool {
    scheme == "http" || scheme == "https" || schemes.contains(scheme)
  }

  /// Android: whether a VIEW intent for `package` (nil: any), `className` and data of
  /// `dataScheme` resolves to an installed activity.
  public func resolves(package: String?, className: String?, dataScheme: String?) -> Bool {
    if let package {
      if packages.contains(package) { return true }
      if let className { return activities.contains(package + "/" + className) }
      return dataScheme.map { handlers.contains(package + ":" + $0) } ?? false
    }
    return className == nil && dataScheme.map { handledSchemes.contains($0) } == true
  }
}

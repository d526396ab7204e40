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

  public var entries: [Entry]

  public init(_ entries: [Entry] = []) { self.entries = entries }

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
    if scheme == "http" || scheme == "https" { return true }
    return entries.contains(.scheme(scheme))
  }

  /// Android: whether a VIEW intent for `package` (nil: any), `className` and data of
  /// `dataScheme` resolves to an installed activity.
  public func resolves(package: String?, className: String?, dataScheme: String?) -> Bool {
    entries.contains { entry in
      switch entry {
      case .scheme: return false
      case .package(let installed):
        return package == installed
      case .activity(let installed, let installedClass):
        return package == installed && className == installedClass
      case .packageHandling(let installed, let scheme):
        return (package == nil || package == installed) && className == nil
          && dataScheme == scheme
      }
    }
  }
}

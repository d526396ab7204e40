/// A platform an App Link names in its tags (`al:<platform>:<key>`), with the keys it reads.
public enum AppLinkPlatform: String, Sendable, CaseIterable, Hashable {
  case ios
  case iphone
  case ipad
  case android
  case windowsPhone = "windows_phone"
  case windows
  case windowsUniversal = "windows_universal"
  case web

  /// The keys a target (or, for `web`, the fallback) of this platform reads.
  public var keys: [AppLinkKey] {
    switch self {
    case .ios, .iphone, .ipad: [.url, .appStoreID, .appName]
    case .android: [.url, .package, .className, .appName]
    case .windowsPhone, .windows, .windowsUniversal: [.url, .appID, .appName]
    case .web: [.url, .shouldFallback]
    }
  }

  /// The key without which a target cannot be opened (the protocol's "required").
  public var requiredKey: AppLinkKey? {
    switch self {
    case .android: .package
    case .web: nil
    default: .url
    }
  }

  /// The platforms that hold app targets, in the order reports list them.
  public static let appPlatforms: [AppLinkPlatform] = [
    .ios, .iphone, .ipad, .android, .windowsPhone, .windows, .windowsUniversal,
  ]
}

/// A key of a platform: the last part of `al:ios:url`.
public enum AppLinkKey: String, Sendable, CaseIterable, Hashable {
  case url
  case appStoreID = "app_store_id"
  case appName = "app_name"
  case package
  case className = "class"
  case appID = "app_id"
  case shouldFallback = "should_fallback"
}

/// The device a navigation is simulated on (`--platform`), and which targets it considers, in
/// order (`docs/applinks.md#navigating`).
public enum Device: String, Sendable, CaseIterable {
  /// An iPhone or iPod touch.
  case iphone
  case ipad
  /// Another iOS idiom: only `ios` targets.
  case ios
  case android
  case windowsPhone = "windows_phone"
  case windows
  case windowsUniversal = "windows_universal"
  /// A desktop browser: no app targets, only the web fallback.
  case web

  /// The platforms whose targets this device tries, in order.
  public var platforms: [AppLinkPlatform] {
    switch self {
    case .iphone: [.iphone, .ios]
    case .ipad: [.ipad, .ios]
    case .ios: [.ios]
    case .android: [.android]
    case .windowsPhone: [.windowsPhone]
    case .windows: [.windows]
    case .windowsUniversal: [.windowsUniversal]
    case .web: []
    }
  }

  public var isIOS: Bool { self == .iphone || self == .ipad || self == .ios }

  /// The targets of `appLink` this device tries, in order.
  public func targets(in appLink: AppLink) -> [AppLinkTarget] {
    platforms.flatMap { appLink.targets(of: $0) }
  }
}

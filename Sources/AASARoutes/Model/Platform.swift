/// The library whose behaviour a deep link is routed by: `mobiledeeplinking-ios` or
/// `mobiledeeplinking-android`. They agree on most points and differ on a few
/// (`docs/routes.md#where-ios-and-android-differ`), so every answer names the platform it is for.
public enum Platform: String, Sendable, CaseIterable, CustomStringConvertible {
  case ios
  case android

  public var description: String {
    switch self {
    case .ios: "iOS"
    case .android: "Android"
    }
  }
}

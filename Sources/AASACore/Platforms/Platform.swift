/// The two phone platforms aasa answers for: a route config routed as `mobiledeeplinking-ios` or
/// `mobiledeeplinking-android` does, a `route --expect` table's column, the device a pasted
/// output came from. One type for all of them, so a platform read in one place is the platform
/// another compares with; its raw value is the word the JSON and the tables use.
public enum Platform: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case ios
  case android

  /// As text output names the platform.
  public var description: String {
    switch self {
    case .ios: "iOS"
    case .android: "Android"
    }
  }
}

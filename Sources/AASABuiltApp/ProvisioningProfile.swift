import Foundation

/// A provisioning profile's property list (the content of the CMS message an
/// `embedded.mobileprovision` or `.provisionprofile` is): the team, the app it is for, the
/// entitlements it grants, and whether it is for development or distribution.
public struct ProvisioningProfile: Sendable {
  /// The profile's property list cannot be used.
  public struct Unreadable: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
  }

  public var name: String?
  /// `TeamIdentifier`'s first entry: the team the app is signed for.
  public var teamIdentifier: String?
  /// The entitlements the profile grants, as a property list of their own.
  public var entitlements: Entitlements
  /// `ProvisionedDevices`: a development or ad hoc profile lists devices.
  public var provisionedDeviceCount: Int
  /// `ProvisionsAllDevices`: an enterprise (in-house) profile.
  public var provisionsAllDevices: Bool

  /// Reads the profile's property list (XML or binary).
  public init(plist bytes: [UInt8]) throws(Unreadable) {
    let root: Any
    do {
      root = try PropertyListReading.read(bytes)
    } catch {
      throw Unreadable(reason: "its content is \(error.reason)")
    }
    guard let dictionary = root as? [String: Any] else {
      throw Unreadable(reason: "its content is not a provisioning profile (no dictionary)")
    }
    guard let entitlements = dictionary["Entitlements"] as? [String: Any] else {
      throw Unreadable(reason: "it is not a provisioning profile (it has no Entitlements)")
    }
    name = dictionary["Name"] as? String
    teamIdentifier = (dictionary["TeamIdentifier"] as? [String])?.first
    self.entitlements = Entitlements(entitlements)
    provisionedDeviceCount = (dictionary["ProvisionedDevices"] as? [Any])?.count ?? 0
    provisionsAllDevices = dictionary["ProvisionsAllDevices"] as? Bool ?? false
  }

  /// What kind of build the profile signs.
  public var distribution: String {
    if entitlements.getTaskAllow == true { return "development" }
    if provisionsAllDevices { return "enterprise distribution" }
    if provisionedDeviceCount > 0 { return "ad hoc distribution" }
    return "App Store and TestFlight distribution"
  }

  /// A development build: debuggable, the only kind in which `?mode=developer` is honoured.
  public var isDevelopment: Bool { entitlements.getTaskAllow == true }
}

/// Entitlements as a summary the checks can compare: each key with its values flattened to
/// strings, and the associated domains read as Apple reads them (an array of `service:domain`
/// entries in an app, the string `*` as a grant of any domain in a profile).
public struct Entitlements: Sendable, Hashable {
  public enum AssociatedDomains: Sendable, Hashable {
    /// The key is absent: the capability is off.
    case missing
    /// `"*"` (a profile's grant of any domain), also inside an array.
    case any
    case list([String])
  }

  /// Every key, with its value's strings (a string, the strings of an array, `true`/`false`).
  public var values: [String: [String]]
  public var associatedDomains: AssociatedDomains
  public var getTaskAllow: Bool?
  /// `application-identifier` (`com.apple.application-identifier` on macOS): `TEAMID.bundle.id`.
  public var applicationIdentifier: String?
  public var teamIdentifier: String?

  public static let associatedDomainsKey = "com.apple.developer.associated-domains"

  public init(_ dictionary: [String: Any]) {
    var values: [String: [String]] = [:]
    for (key, value) in dictionary {
      switch value {
      case let string as String: values[key] = [string]
      case let bool as Bool: values[key] = [bool ? "true" : "false"]
      case let array as [Any]: values[key] = array.compactMap { $0 as? String }
      default: values[key] = []
      }
    }
    self.values = values
    switch dictionary[Self.associatedDomainsKey] {
    case nil: associatedDomains = .missing
    case let string as String where string == "*": associatedDomains = .any
    case let array as [Any]:
      let strings = array.compactMap { $0 as? String }
      associatedDomains = strings.contains("*") ? .any : .list(strings)
    default: associatedDomains = .list([])
    }
    getTaskAllow = dictionary["get-task-allow"] as? Bool
    applicationIdentifier =
      (dictionary["application-identifier"] ?? dictionary["com.apple.application-identifier"])
      as? String
    teamIdentifier = dictionary["com.apple.developer.team-identifier"] as? String
  }

  /// Reads an entitlements property list (XML or binary).
  public init(plist bytes: [UInt8]) throws(ProvisioningProfile.Unreadable) {
    let root: Any
    do {
      root = try PropertyListReading.read(bytes)
    } catch {
      throw ProvisioningProfile.Unreadable(reason: "it is \(error.reason)")
    }
    guard let dictionary = root as? [String: Any] else {
      throw ProvisioningProfile.Unreadable(
        reason: "it is not an entitlements property list (its top level is not a dictionary)")
    }
    self.init(dictionary)
  }

  /// The keys of `self` the profile's entitlements do not grant: absent there, or with a value
  /// the profile's does not allow (a profile value ending in `*` allows every value it starts).
  ///
  /// Linear in the values and grants: each value is looked up among the granted values, and a
  /// value granted by none walks the trie of the grants ending in `*` (`WildcardGrants`). Two
  /// lists of 20,000 domains each took minutes when every value was compared with every grant.
  public func notCovered(by profile: Entitlements) -> [String] {
    values.keys.sorted().filter { key in
      guard let granted = profile.values[key] else { return true }
      let wanted = values[key] ?? []
      let exact = Set(granted)
      let wildcards = WildcardGrants(granted)
      return !wanted.allSatisfy { value in exact.contains(value) || wildcards.allow(value) }
    }
  }
}

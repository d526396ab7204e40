import AASABuiltApp
import Foundation

/// What an app claims for its associated domains, from any of the forms a developer has: the
/// `App.entitlements` property list (or `codesign -d --entitlements :-` output), a provisioning
/// profile (`embedded.mobileprovision`, `.provisionprofile`), a built `.app`, an `.ipa`, or an
/// `.xcarchive`. A built app's entitlements are those of its code signature; its embedded profile
/// comes along, so that what the app claims can be held against what the profile grants.
public struct EntitlementsFile: Sendable {
  public static let associatedDomainsKey = "com.apple.developer.associated-domains"

  /// The file cannot be used: unreadable, not a property list, or the key has the wrong type.
  public struct Unreadable: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot use \(path): \(reason)" }
  }

  public var path: String
  /// Every `applinks:` entry, in order.
  public var applinks: [AssociatedDomain]
  /// Every entry of the four services (`applinks:`, `webcredentials:`, `appclips:`,
  /// `activitycontinuation:`), in order.
  public var domains: [AssociatedDomain]
  /// `application-identifier` (or `com.apple.application-identifier`) when the file has it, as a
  /// signed app's entitlements do: `TEAMID.bundle.id`.
  public var applicationIdentifier: String?
  /// Every entitlement of the app; nil for a profile given alone.
  public var entitlements: Entitlements?
  /// The provisioning profile: given alone, or embedded in the built app.
  public var profile: ProvisioningProfile?
  /// What was read: the file, or the executable inside a bundle or `.ipa`.
  public var source: String

  /// Parses the bytes of an entitlements property list, XML or binary.
  public init(path: String, bytes: [UInt8]) throws(Unreadable) {
    let root: Any
    do {
      root = try PropertyListReading.read(bytes)
    } catch {
      throw Unreadable(path: path, reason: "it is \(error.reason)")
    }
    guard let dictionary = root as? [String: Any] else {
      throw Unreadable(
        path: path,
        reason: "it is not an entitlements property list (its top level is not a dictionary)")
    }
    let domains = dictionary[Self.associatedDomainsKey]
    guard domains == nil || domains is [String] else {
      throw Unreadable(
        path: path, reason: "\(Self.associatedDomainsKey) is not an array of strings")
    }
    self.init(path: path, entitlements: Entitlements(dictionary), profile: nil, source: path)
  }

  init(path: String, entitlements: Entitlements?, profile: ProvisioningProfile?, source: String) {
    self.path = path
    self.entitlements = entitlements
    self.profile = profile
    self.source = source
    let claimed = entitlements ?? profile?.entitlements
    if case .list(let domains) = claimed?.associatedDomains {
      self.domains = domains.compactMap(AssociatedDomain.init)
    } else {
      self.domains = []
    }
    applinks = self.domains.filter { $0.service == .applinks }
    applicationIdentifier = claimed?.applicationIdentifier
  }

  /// Reads any of the forms: a built app, archive or profile by what it is, else a property list.
  public static func load(path: String) throws(Unreadable) -> EntitlementsFile {
    if let built = try BuiltAppReader.read(path: path) {
      return EntitlementsFile(
        path: path, entitlements: built.entitlements, profile: built.profile, source: built.source)
    }
    return try EntitlementsFile(path: path, bytes: BuiltAppReader.readFile(path))
  }

  /// Reads the bytes of one file named `name`: a provisioning profile (by its extension or its
  /// CMS signature), a signed executable, else an entitlements property list. Bundles, `.ipa`
  /// and archives are more than one file and are read with ``load(path:)``.
  public static func read(name: String, bytes: [UInt8]) throws(Unreadable) -> EntitlementsFile {
    if let built = try BuiltAppReader.read(bytes: bytes, path: name) {
      return EntitlementsFile(
        path: name, entitlements: built.entitlements, profile: built.profile, source: built.source)
    }
    return try EntitlementsFile(path: name, bytes: bytes)
  }

  /// Every entry of the associated-domains entitlement (`applinks:`, `webcredentials:`, …).
  public var allDomainEntries: [String] {
    if case .list(let domains) = (entitlements ?? profile?.entitlements)?.associatedDomains {
      return domains
    }
    return []
  }

  /// Whether the build is a distribution build: its profile is not a development one, or its
  /// signature is not debuggable. Nil when nothing says.
  public var isDistributionBuild: Bool? {
    if let profile { return !profile.isDevelopment }
    if let allowed = entitlements?.getTaskAllow, entitlements?.applicationIdentifier != nil {
      return !allowed
    }
    return nil
  }
}

import Foundation

/// An app's entitlements (`App.entitlements`, or `codesign -d --entitlements :- App.app` output):
/// an XML or binary property list whose `com.apple.developer.associated-domains` array names the
/// domains the app claims.
public struct EntitlementsFile: Sendable {
  public static let associatedDomainsKey = "com.apple.developer.associated-domains"

  /// The file cannot be used: unreadable, not a property list, or the key has the wrong type.
  public struct Unreadable: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot use --entitlements \(path): \(reason)" }
  }

  public var path: String
  /// Every `applinks:` entry, in order.
  public var applinks: [AssociatedDomain]
  /// `application-identifier` (or `com.apple.application-identifier`) when the file has it, as a
  /// signed app's entitlements do: `TEAMID.bundle.id`.
  public var applicationIdentifier: String?

  /// Parses the bytes of a property list, XML or binary.
  public init(path: String, bytes: [UInt8]) throws(Unreadable) {
    let root: Any
    do {
      root = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    } catch {
      throw Unreadable(path: path, reason: "it is not a property list (XML or binary)")
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
    self.path = path
    applinks = ((domains as? [String]) ?? []).compactMap(AssociatedDomain.init)
    applicationIdentifier =
      (dictionary["application-identifier"] ?? dictionary["com.apple.application-identifier"])
      as? String
  }
}

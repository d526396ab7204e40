import AASABuiltApp
import AASASigned
import Foundation
import ZIPFoundation

/// Reads what a built app claims and what its profile grants, from what Xcode produces: an
/// `embedded.mobileprovision` (or `.provisionprofile`), an `.app` bundle, an `.ipa` (a zip with
/// `Payload/NAME.app/`), or an `.xcarchive` (`Products/Applications/NAME.app`). The app's own
/// entitlements are the ones in its executable's code signature (``MachOSignature``), read
/// without Apple's tools, so this works on any OS.
enum BuiltAppReader {
  /// The largest executable or profile read: far above real apps' executables.
  static let maximumFileSize = 1 << 30

  struct Contents {
    /// The app's signed entitlements; nil for a profile alone.
    var entitlements: Entitlements?
    var profile: ProvisioningProfile?
    /// What was read, for messages: `Payload/Example.app/Example`.
    var source: String
  }

  typealias Unreadable = EntitlementsFile.Unreadable

  /// What `path` holds, or nil when it is none of the built forms (an entitlements plist).
  static func read(path: String) throws(Unreadable) -> Contents? {
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    guard exists else { return nil }
    let lower = path.lowercased()
    if isDirectory.boolValue {
      if lower.hasSuffix(".xcarchive") || lower.hasSuffix(".xcarchive/") {
        return try archive(path)
      }
      return try bundle(path, shown: path)
    }
    if lower.hasSuffix(".ipa") { return try ipa(path) }
    return try read(bytes: try readFile(path), path: path)
  }

  /// What the bytes of one file named `path` hold: a profile (by its name or its CMS signature)
  /// or a signed executable; nil for anything else (an entitlements plist). Nothing is read from
  /// disk: the validator page gets the bytes from the browser.
  static func read(bytes: [UInt8], path: String) throws(Unreadable) -> Contents? {
    let lower = path.lowercased()
    if lower.hasSuffix(".mobileprovision") || lower.hasSuffix(".provisionprofile")
      || SignedAssociation.looksSigned(bytes)
    {
      return Contents(entitlements: nil, profile: try profile(bytes, path: path), source: path)
    }
    if MachOSignature.looksLikeMachO(bytes) {
      return Contents(
        entitlements: try signedEntitlements(bytes, path: path), profile: nil, source: path)
    }
    return nil
  }

  static func readFile(_ path: String) throws(Unreadable) -> [UInt8] {
    do {
      return try System.readFile(path, limit: maximumFileSize)
    } catch {
      throw Unreadable(path: path, reason: "it cannot be read: \(error.reason)")
    }
  }

  /// A CMS-signed profile's property list.
  static func profile(_ bytes: [UInt8], path: String) throws(Unreadable) -> ProvisioningProfile {
    let content: [UInt8]
    do {
      guard let signed = try SignedAssociation.unwrap(bytes) else {
        throw Unreadable(path: path, reason: "it is not a CMS-signed provisioning profile")
      }
      content = signed.content
    } catch let error as Unreadable {
      throw error
    } catch {
      throw Unreadable(path: path, reason: "its CMS signature cannot be read (\(error))")
    }
    do {
      return try ProvisioningProfile(plist: content)
    } catch {
      throw Unreadable(path: path, reason: error.reason)
    }
  }

  static func signedEntitlements(_ bytes: [UInt8], path: String) throws(Unreadable) -> Entitlements
  {
    let plist: [UInt8]
    do {
      plist = try MachOSignature.entitlements(in: bytes)
    } catch {
      throw Unreadable(path: path, reason: error.description)
    }
    do {
      return try Entitlements(plist: plist)
    } catch {
      throw Unreadable(path: path, reason: "its signed entitlements: \(error.reason)")
    }
  }

  /// `NAME.app/`: `Info.plist`'s `CFBundleExecutable` (macOS apps: under `Contents/`), and the
  /// embedded profile next to it.
  static func bundle(_ path: String, shown: String) throws(Unreadable) -> Contents {
    let root = URL(fileURLWithPath: path)
    let layouts = [
      (root, "embedded.mobileprovision"),
      (root.appendingPathComponent("Contents"), "embedded.provisionprofile"),
    ]
    for (base, profileName) in layouts {
      let infoURL = base.appendingPathComponent("Info.plist")
      guard let info = try? Data(contentsOf: infoURL) else { continue }
      let executable = try executableName(Array(info), path: infoURL.path)
      let executableURL =
        base.lastPathComponent == "Contents"
        ? base.appendingPathComponent("MacOS").appendingPathComponent(executable)
        : base.appendingPathComponent(executable)
      let entitlements = try signedEntitlements(
        try readFile(executableURL.path), path: executableURL.path)
      let profileURL = base.appendingPathComponent(profileName)
      var profile: ProvisioningProfile?
      if FileManager.default.fileExists(atPath: profileURL.path) {
        profile = try self.profile(try readFile(profileURL.path), path: profileURL.path)
      }
      return Contents(entitlements: entitlements, profile: profile, source: executableURL.path)
    }
    throw Unreadable(path: shown, reason: "it is not an app bundle (no Info.plist)")
  }

  static func executableName(_ info: [UInt8], path: String) throws(Unreadable) -> String {
    guard
      let plist = try? PropertyListReading.read(info) as? [String: Any],
      let name = plist["CFBundleExecutable"] as? String, !name.isEmpty,
      !name.contains("/")
    else {
      throw Unreadable(path: path, reason: "it names no CFBundleExecutable")
    }
    return name
  }

  /// `NAME.xcarchive/Products/Applications/NAME.app`.
  static func archive(_ path: String) throws(Unreadable) -> Contents {
    let applications = URL(fileURLWithPath: path).appendingPathComponent("Products/Applications")
    let apps =
      ((try? FileManager.default.contentsOfDirectory(atPath: applications.path)) ?? [])
      .filter { $0.hasSuffix(".app") }.sorted()
    guard let app = apps.first else {
      throw Unreadable(path: path, reason: "it holds no Products/Applications/*.app")
    }
    return try bundle(applications.appendingPathComponent(app).path, shown: path)
  }

  /// `Payload/NAME.app/` inside the zip: its `Info.plist`, executable and profile.
  static func ipa(_ path: String) throws(Unreadable) -> Contents {
    let archive: Archive
    do {
      archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch {
      throw Unreadable(path: path, reason: "it is not a zip archive (an .ipa is one)")
    }
    var appFolder: String?
    for entry in archive {
      let parts = entry.path.split(separator: "/")
      if parts.count >= 2, parts[0] == "Payload", parts[1].hasSuffix(".app") {
        appFolder = "Payload/\(parts[1])/"
        break
      }
    }
    guard let appFolder else {
      throw Unreadable(path: path, reason: "it has no Payload/NAME.app folder")
    }
    let info = try extract(archive, appFolder + "Info.plist", ipa: path)
    let executable = appFolder + (try executableName(info, path: "\(path): \(appFolder)Info.plist"))
    let entitlements = try signedEntitlements(
      try extract(archive, executable, ipa: path), path: "\(path): \(executable)")
    let profileEntry = appFolder + "embedded.mobileprovision"
    var profile: ProvisioningProfile?
    if archive[profileEntry] != nil {
      profile = try self.profile(
        try extract(archive, profileEntry, ipa: path), path: "\(path): \(profileEntry)")
    }
    return Contents(entitlements: entitlements, profile: profile, source: "\(path): \(executable)")
  }

  static func extract(_ archive: Archive, _ entryPath: String, ipa: String) throws(Unreadable)
    -> [UInt8]
  {
    guard let entry = archive[entryPath] else {
      throw Unreadable(path: ipa, reason: "it has no \(entryPath)")
    }
    guard entry.uncompressedSize <= UInt64(maximumFileSize) else {
      throw Unreadable(
        path: ipa, reason: "\(entryPath) is larger than \(maximumFileSize >> 20) MiB")
    }
    var bytes: [UInt8] = []
    do {
      _ = try archive.extract(entry, skipCRC32: true) { chunk in
        bytes.append(contentsOf: chunk)
        if bytes.count > maximumFileSize { throw Unreadable(path: ipa, reason: "too large") }
      }
    } catch {
      throw Unreadable(path: ipa, reason: "\(entryPath) cannot be extracted")
    }
    return bytes
  }
}

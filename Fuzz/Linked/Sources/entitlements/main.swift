// entitlements: what `aasa-lint check --entitlements FILE` reads of an app's claims: an
// `App.entitlements` property list (XML, binary or old-style), a provisioning profile (the
// property list inside a CMS message: `embedded.mobileprovision`), and the findings about them
// made before any site is asked (`BuildFindings`).
//
// Input: any bytes, read every way the command reads a file: as an entitlements property list
// (`EntitlementsFile(path:bytes:)`, and `Entitlements(plist:)`, which reads a signed
// executable's), as a provisioning profile's property list (`ProvisioningProfile(plist:)`), as a
// CMS-signed profile (`BuiltAppReader.profile`), and from a file, as `App.entitlements` and as
// `embedded.mobileprovision` (`EntitlementsFile.load(path:)`, which reads a file by what it is).
//
// Checks: nothing traps; a refusal has a reason and names the file; the two plist readers agree
// (the entitlements file refuses only what the other cannot read, or an associated-domains value
// that is not an array of strings); every string read (associated domains, app and team
// identifiers, the profile's name) is in the input, as UTF-8 or (binary plists) UTF-16, unless the
// input has a way of escaping text; every `applinks:` entry is parsed as written (host lower case,
// non-empty, without `*.` or the mode; the wildcard and the mode as the entry says) and none is
// lost or made up; a signed profile's content is no larger than the file and a profile's device
// count no larger than its property list; entitlements are covered by themselves and by a profile
// granting `*` for every key, and by nothing else when the profile grants nothing; the
// findings each have a name and a message, speak of a profile only when there is one, of the
// mode only in a distribution build, and of each other service's host once; loading the file
// reads it as the in-memory readers do. Inputs over 1 MiB (up to the CLI's 4 MiB read limit) are
// only loaded, as the command loads them, and the file's checks made on what was read.

import AASABuiltApp
import AASASigned
import Foundation
import FuzzDriver

@testable import AASALiveCheck

private enum Files {
  /// One folder per process: the input is written to `App.entitlements`, and
  /// `embedded.mobileprovision` is a link to it, so one write serves both names.
  static let folder: URL = {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-fuzz-entitlements-\(ProcessInfo.processInfo.processIdentifier)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let plist = folder.appendingPathComponent("App.entitlements")
    try! Data().write(to: plist)
    let profile = folder.appendingPathComponent("embedded.mobileprovision")
    try? FileManager.default.removeItem(at: profile)
    try! FileManager.default.createSymbolicLink(at: profile, withDestinationURL: plist)
    return folder
  }()
  static let plist = folder.appendingPathComponent("App.entitlements")
  static let profile = folder.appendingPathComponent("embedded.mobileprovision")
}

/// The names of the lines `BuildFindings` writes.
private let findingNames: Set<String> = [
  "profile", "profile-domains", "profile-coverage", "team", "mode", "applinks",
]
private let distributions: Set<String> = [
  "development", "enterprise distribution", "ad hoc distribution",
  "App Store and TestFlight distribution",
]

/// Inputs over this size are read once, as the command reads them (`EntitlementsFile.load`), not
/// also by each reader: Foundation reads a 4 MiB property list in about a second instrumented, and
/// the cross-checks read it four times, over libFuzzer's 2 s timeout.
private let crossCheckLimit = 1 << 20

func fuzzEntitlements(_ bytes: [UInt8]) -> CInt {
  if bytes.count > crossCheckLimit {
    checkLoadingOnly(bytes)
    return 0
  }
  let path = "App.entitlements"

  // As an entitlements property list, by both readers.
  let file: EntitlementsFile?
  var refusal: EntitlementsFile.Unreadable?
  do {
    file = try EntitlementsFile(path: path, bytes: bytes)
  } catch {
    checkRefusal(error, path: path)
    file = nil
    refusal = error
  }
  let entitlements = try? Entitlements(plist: bytes)
  if let file {
    require(file.entitlements != nil && file.profile == nil, "a plist read as a profile")
    require(file.entitlements == entitlements, "the two entitlements readers disagree")
    checkFile(file, input: bytes)
  } else if let entitlements, let refusal {
    // Readable as entitlements, refused as a file: only for the associated domains' type.
    require(
      entitlements.values[Entitlements.associatedDomainsKey] != nil
        && refusal.reason.contains(EntitlementsFile.associatedDomainsKey),
      "a plist both readers read refused: \(refusal.reason)")
  }
  if let entitlements { checkEntitlements(entitlements, input: bytes) }

  // As a profile's property list, and as a CMS-signed profile.
  let plistProfile = try? ProvisioningProfile(plist: bytes)
  if let plistProfile {
    require(entitlements != nil, "a profile whose top level the entitlements reader refuses")
    checkProfile(plistProfile, input: bytes)
    let combined = EntitlementsFile(
      path: path, entitlements: file?.entitlements, profile: plistProfile, source: path)
    checkFile(combined, input: bytes)
  }
  let signedProfile: Result<ProvisioningProfile, EntitlementsFile.Unreadable>
  do {
    signedProfile = .success(try BuiltAppReader.profile(bytes, path: "embedded.mobileprovision"))
  } catch {
    checkRefusal(error, path: "embedded.mobileprovision")
    signedProfile = .failure(error)
  }
  if case .success(let profile) = signedProfile {
    require(SignedAssociation.looksSigned(bytes), "a profile read from bytes that are not CMS")
    guard let signed = try? SignedAssociation.unwrap(bytes) else {
      require(false, "a profile read from a message that does not unwrap")
      return 0
    }
    require(signed.content.count <= bytes.count, "a profile's content larger than the file")
    checkProfile(profile, input: signed.content)
    checkFile(
      EntitlementsFile(
        path: "embedded.mobileprovision", entitlements: nil, profile: profile,
        source: "embedded.mobileprovision"), input: signed.content)
  }

  checkLoading(bytes, file: file, signedProfile: signedProfile)
  if ProcessInfo.processInfo.environment["AASA_FUZZ_VERBOSE"] != nil {
    print("as entitlements: \(file.map { "\($0.allDomainEntries)" } ?? "\(refusal?.reason ?? "")")")
    print(
      "as a profile's plist: \(plistProfile.map { "\($0.distribution), \($0.entitlements)" } ?? "no")"
    )
    print("as a signed profile: \(signedProfile)")
    if let file {
      for line in BuildFindings.judge(file) {
        print("  \(line.status) \(line.name): \(line.detail)")
      }
    }
  }
  return 0
}

/// `EntitlementsFile.load` reads a file by what it is: a CMS message (or a file named as a
/// profile) as a profile, a Mach-O executable by its signature, anything else as a property list.
private func checkLoading(
  _ bytes: [UInt8], file: EntitlementsFile?,
  signedProfile: Result<ProvisioningProfile, EntitlementsFile.Unreadable>
) {
  try! Data(bytes).write(to: Files.plist)
  let asPlist = Result { () throws(EntitlementsFile.Unreadable) -> EntitlementsFile in
    try EntitlementsFile.load(path: Files.plist.path)
  }
  let asProfile = Result { () throws(EntitlementsFile.Unreadable) -> EntitlementsFile in
    try EntitlementsFile.load(path: Files.profile.path)
  }
  if case .failure(let error) = asPlist { checkRefusal(error, path: Files.plist.path) }
  if case .failure(let error) = asProfile { checkRefusal(error, path: Files.profile.path) }

  switch (asProfile, signedProfile) {
  case (.success(let loaded), .success(let profile)):
    require(loaded.entitlements == nil, "a profile alone loaded with an app's entitlements")
    require(sameProfile(loaded.profile, profile), "a loaded profile differs from the bytes'")
  case (.failure(let loaded), .failure(let direct)):
    require(
      loaded.reason == direct.reason, "loading refused \(loaded.reason), reading \(direct.reason)")
  default:
    require(false, "a profile loads from a file and reads from its bytes differently")
  }

  if SignedAssociation.looksSigned(bytes) {
    switch (asPlist, asProfile) {
    case (.success(let a), .success(let b)):
      require(sameProfile(a.profile, b.profile!), "a CMS file loaded two ways")
    case (.failure(let a), .failure(let b)):
      require(a.reason == b.reason, "a CMS file refused two ways")
    default: require(false, "a CMS file loaded under one name only")
    }
  } else if !MachOSignature.looksLikeMachO(bytes) {
    switch (asPlist, file) {
    case (.success(let loaded), .some(let read)):
      require(loaded.entitlements == read.entitlements, "a loaded plist differs from the bytes'")
      require(loaded.applinks == read.applinks, "a loaded plist's domains differ")
    case (.failure, nil): break
    default: require(false, "a plist loads from a file and reads from its bytes differently")
    }
  }
}

/// A large input, read as the command reads it (as `App.entitlements`), checked on its own.
private func checkLoadingOnly(_ bytes: [UInt8]) {
  try! Data(bytes).write(to: Files.plist)
  let file: EntitlementsFile
  do {
    file = try EntitlementsFile.load(path: Files.plist.path)
  } catch {
    checkRefusal(error, path: Files.plist.path)
    return
  }
  var input = bytes
  if SignedAssociation.looksSigned(bytes) {
    guard let signed = try? SignedAssociation.unwrap(bytes), let profile = file.profile else {
      require(false, "a CMS file loaded without a profile, or from a message that does not unwrap")
      return
    }
    require(signed.content.count <= bytes.count, "a profile's content larger than the file")
    input = signed.content
    checkProfile(profile, input: input)
  } else if let entitlements = file.entitlements {
    checkEntitlements(entitlements, input: input)
  }
  checkFile(file, input: input)
}

private func sameProfile(_ a: ProvisioningProfile?, _ b: ProvisioningProfile) -> Bool {
  guard let a else { return false }
  return a.name == b.name && a.teamIdentifier == b.teamIdentifier
    && a.entitlements == b.entitlements && a.provisionedDeviceCount == b.provisionedDeviceCount
    && a.provisionsAllDevices == b.provisionsAllDevices
}

private func checkRefusal(_ error: EntitlementsFile.Unreadable, path: String) {
  require(!error.reason.isEmpty, "a refusal without a reason")
  require(error.description.contains(path), "a refusal that does not name \(path)")
}

private func checkEntitlements(_ entitlements: Entitlements, input: [UInt8]) {
  let key = Entitlements.associatedDomainsKey
  switch entitlements.associatedDomains {
  case .missing:
    require(entitlements.values[key] == nil, "associated domains missing but listed")
  case .any:
    require(entitlements.values[key]?.contains("*") == true, "a grant of any domain without *")
  case .list(let domains):
    // The strings of an array; nothing for a value of another type.
    require(
      domains.isEmpty || entitlements.values[key] == domains,
      "the associated domains are not the key's strings")
    require(!domains.contains("*"), "a list holding *")
    for domain in domains.prefix(64) {
      requireFromInput(domain, input, "the associated domain")
    }
  }
  for value in [entitlements.applicationIdentifier, entitlements.teamIdentifier].compactMap({ $0 })
  {
    requireFromInput(value, input, "an identifier")
  }
  require(
    entitlements.notCovered(by: entitlements).isEmpty, "entitlements not covered by themselves")
  let keys = entitlements.values.keys.sorted()
  require(entitlements.notCovered(by: Entitlements([:])) == keys, "covered by no entitlements")
  let anything = Entitlements(Dictionary(uniqueKeysWithValues: keys.map { ($0, "*" as Any) }))
  require(entitlements.notCovered(by: anything).isEmpty, "not covered by a grant of anything")
}

private func checkProfile(_ profile: ProvisioningProfile, input: [UInt8]) {
  require(distributions.contains(profile.distribution), "distribution \(profile.distribution)")
  require(
    profile.isDevelopment == (profile.distribution == "development"),
    "a development profile is not one for development")
  require(profile.provisionedDeviceCount <= input.count, "more devices than bytes")
  for value in [profile.name, profile.teamIdentifier].compactMap({ $0 }) {
    requireFromInput(value, input, "the profile's name or team")
  }
  checkEntitlements(profile.entitlements, input: input)
}

/// The file's domains and findings.
private func checkFile(_ file: EntitlementsFile, input: [UInt8]) {
  let entries = file.allDomainEntries
  let claimed = file.entitlements ?? file.profile?.entitlements
  if case .list(let domains) = claimed?.associatedDomains {
    require(entries == domains, "the file's entries are not the entitlement's")
  } else {
    require(entries.isEmpty && file.applinks.isEmpty, "entries without a list of domains")
  }
  // Every `applinks:` entry with a host, and nothing else, in order.
  let applinksEntries = entries.filter { entry in
    guard entry.lowercased().hasPrefix("applinks:") else { return false }
    var host = entry.dropFirst("applinks:".count)
    if let question = host.firstIndex(of: "?") { host = host[..<question] }
    if host.hasPrefix("*.") { host = host.dropFirst(2) }
    return !host.isEmpty
  }
  require(
    file.applinks.map(\.entry) == applinksEntries,
    "applinks entries \(file.applinks.map(\.entry)) of \(applinksEntries)")
  // Each entry's parts, for the first thousand (the 4 MiB seed has 90,000).
  for domain in file.applinks.prefix(1_000) {
    let afterService = domain.entry.dropFirst("applinks:".count)
    require(!domain.host.isEmpty, "\(domain.entry) has no host")
    require(!domain.host.contains("?" as Character), "\(domain.entry)'s host holds its query")
    require(domain.host == domain.host.lowercased(), "\(domain.entry)'s host is not lower case")
    require(domain.isWildcard == afterService.hasPrefix("*."), "\(domain.entry)'s wildcard flag")
    if let mode = domain.mode {
      require(domain.entry.contains("?" as Character), "\(domain.entry) has a mode without a query")
      require(domain.entry.contains("mode=" + mode), "\(domain.entry)'s mode \(mode)")
    }
  }
  if let identifier = file.applicationIdentifier {
    require(identifier == claimed?.applicationIdentifier, "an app ID not from the entitlements")
  }

  let lines = BuildFindings.judge(file)
  for line in lines {
    require(findingNames.contains(line.name), "an unknown finding \(line.name.debugDescription)")
    require(!line.detail.isEmpty, "the \(line.name) finding has no message")
  }
  let profileLines = lines.filter { $0.name.hasPrefix("profile") || $0.name == "team" }
  if let profile = file.profile {
    require(
      lines.first?.name == "profile" && lines.first?.status == .info
        && lines.first?.detail.contains(profile.distribution) == true,
      "a profile's first finding does not say what it is")
    let coverage = lines.filter { $0.name == "profile-coverage" }
    if let entitlements = file.entitlements {
      let covered = entitlements.notCovered(by: profile.entitlements).isEmpty
      require(
        coverage.count == 1 && (coverage[0].status == .pass) == covered,
        "the coverage finding disagrees with the entitlements")
    } else {
      require(coverage.isEmpty, "coverage of a profile alone")
    }
    if profile.entitlements.associatedDomains == .missing {
      require(
        lines.contains { $0.name == "profile-domains" && $0.status == .fail },
        "a profile granting no domains passed")
    }
  } else {
    require(profileLines.isEmpty, "profile findings without a profile: \(profileLines)")
  }
  let modes = lines.filter { $0.name == "mode" }
  require(
    modes.isEmpty || file.isDistributionBuild == true, "mode findings in a development build")
  require(modes.count <= file.applinks.count, "more mode findings than applinks: entries")
  let others = lines.filter { $0.name == "applinks" }
  require(Set(others.map(\.detail)).count == others.count, "a host reported twice")
  let otherServices = entries.filter { $0.contains(":") && !$0.hasPrefix("applinks:") }
  require(others.count <= otherServices.count, "more service findings than other services")
}

/// `text` is in the input: its UTF-8, or its UTF-16 (binary plists store non-ASCII strings so),
/// unless the input has a way of writing text other than as itself: XML entities or CDATA,
/// old-style escapes, another encoding, or a binary plist's 8-bit strings.
private func requireFromInput(_ text: String, _ input: [UInt8], _ what: String) {
  if text.isEmpty || bytesContain(input, Array(text.utf8)) { return }
  let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  if bytesContain(input, utf16) { return }
  let escapes = ["&", "\\", "<![CDATA[", "encoding"].contains {
    bytesContain(input, Array($0.utf8))
  }
  let binary = input.starts(with: Array("bplist".utf8))
  let notUTF8 = String(bytes: input, encoding: .utf8) == nil
  let foreign = !text.unicodeScalars.allSatisfy(\.isASCII) && (binary || notUTF8)
  let utf16Input =
    input.prefix(4).contains(0) || input.starts(with: [0xFE, 0xFF])
    || input.starts(with: [0xFF, 0xFE])
  require(escapes || foreign || utf16Input, "\(what) \(text.debugDescription) is not in the input")
}

private func bytesContain(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
  guard !needle.isEmpty else { return true }
  guard needle.count <= haystack.count else { return false }
  let first = needle[0]
  var index = 0
  let last = haystack.count - needle.count
  return haystack.withUnsafeBufferPointer { hay in
    needle.withUnsafeBufferPointer { pin in
      while index <= last {
        if hay[index] == first, memcmp(hay.baseAddress! + index, pin.baseAddress!, pin.count) == 0 {
          return true
        }
        index += 1
      }
      return false
    }
  }
}

// The folder goes when the process exits (fork mode starts a process per job); a crash leaves it.
atexit { try? FileManager.default.removeItem(at: Files.folder) }
// Last: top-level code runs in order, and this call never returns.
runFuzzer { data, size in fuzzEntitlements(fuzzInput(data, size)) }

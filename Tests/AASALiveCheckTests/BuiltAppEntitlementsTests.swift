import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `--entitlements` given what Xcode builds: provisioning profiles signed at test time with
/// `openssl cms -sign`, `.app` bundles, `.ipa` and `.xcarchive` made here with an executable whose
/// code signature is written byte by byte (no Apple tools), and the findings about them.
@Suite struct BuiltAppEntitlementsTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let team = "D3KQX62K1A"

  static func plist(_ dictionary: [String: Any]) throws -> String {
    String(
      decoding: try PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .xml, options: 0), as: UTF8.self)
  }

  /// An app's signed entitlements.
  static func appEntitlements(
    domains: [String] = ["applinks:localhost"], getTaskAllow: Bool = false,
    extra: [String: Any] = [:]
  ) throws -> [UInt8] {
    var dictionary: [String: Any] = [
      "application-identifier": Fixtures.app,
      "com.apple.developer.team-identifier": team,
      "com.apple.developer.associated-domains": domains,
      "get-task-allow": getTaskAllow,
    ]
    dictionary.merge(extra) { $1 }
    return Array(try plist(dictionary).utf8)
  }

  /// A provisioning profile's plist, CMS-signed as Apple signs profiles.
  func profile(
    domains: Any? = "*", getTaskAllow: Bool = false, devices: [String]? = nil
  ) async throws -> [UInt8] {
    var entitlements: [String: Any] = [
      "application-identifier": "\(Self.team).com.example.photoapp",
      "com.apple.developer.team-identifier": Self.team,
      "get-task-allow": getTaskAllow,
      "keychain-access-groups": ["\(Self.team).*"],
    ]
    if let domains { entitlements["com.apple.developer.associated-domains"] = domains }
    var profile: [String: Any] = [
      "Name": "Photo App Distribution", "TeamIdentifier": [Self.team],
      "Entitlements": entitlements,
    ]
    if let devices { profile["ProvisionedDevices"] = devices }
    return try await certificate.sign(try Self.plist(profile), in: directory)
  }

  /// `NAME.app/` with Info.plist, the signed executable and, when given, the embedded profile.
  func appBundle(at relative: String, entitlements: [UInt8]?, profile: [UInt8]?) throws -> String {
    try directory.write(
      "\(relative)/Info.plist",
      try Self.plist([
        "CFBundleExecutable": "PhotoApp", "CFBundleIdentifier": "com.example.photoapp",
      ]))
    try directory.write(
      "\(relative)/PhotoApp", MachOBuilder.executable(entitlements: entitlements))
    if let profile { try directory.write("\(relative)/embedded.mobileprovision", profile) }
    return directory.file(relative)
  }

  @Test func aProfileAloneWithAnyDomainSaysWhatToGiveInstead() async throws {
    let path = try directory.write("embedded.mobileprovision", try await profile())
    let file = try EntitlementsFile.load(path: path)
    #expect(file.profile?.teamIdentifier == Self.team)
    #expect(file.profile?.distribution == "App Store and TestFlight distribution")
    let report = await EntitlementsCheck(
      entitlements: file,
      options: LiveCheckOptions(site: SiteAddress(host: "localhost"), app: Fixtures.app)
    ).run()
    let line = try #require(report.requirements.first { $0.name == "profile-domains" })
    #expect(line.status == .warn)
    #expect(line.detail.contains("grants any domain (\"*\")"))
    #expect(report.sites.isEmpty)
  }

  @Test func aProfileWithoutAssociatedDomainsFails() async throws {
    let path = try directory.write(
      "NoDomains.provisionprofile", try await profile(domains: nil, devices: ["00008030-001"]))
    let file = try EntitlementsFile.load(path: path)
    #expect(file.profile?.distribution == "ad hoc distribution")
    let report = await EntitlementsCheck(
      entitlements: file,
      options: LiveCheckOptions(site: SiteAddress(host: "localhost"), app: Fixtures.app)
    ).run()
    #expect(report.requirements.contains { $0.name == "profile-domains" && $0.status == .fail })
    #expect(report.status == .fail)
  }

  @Test func anAppBundlesSignedEntitlementsAreHeldAgainstItsProfile() async throws {
    let app = try appBundle(
      at: "Build/PhotoApp.app",
      entitlements: try Self.appEntitlements(
        domains: [
          "applinks:localhost", "applinks:staging.example.com?mode=developer",
          "webcredentials:auth.example.com",
        ],
        extra: ["com.apple.developer.icloud-services": ["CloudKit"]]),
      profile: try await profile())
    let file = try EntitlementsFile.load(path: app)
    #expect(file.applicationIdentifier == Fixtures.app)
    #expect(file.applinks.map(\.host) == ["localhost", "staging.example.com"])
    #expect(file.source.hasSuffix("PhotoApp.app/PhotoApp"))
    let findings = try await check(file)
    #expect(
      findings.contains {
        $0.name == "profile-coverage" && $0.status == .fail
          && $0.detail.contains("com.apple.developer.icloud-services")
      }, "\(findings)")
    #expect(
      findings.contains {
        $0.name == "mode" && $0.status == .fail
          && $0.detail.hasPrefix(
            "applinks:staging.example.com?mode=developer in a distribution build")
      }, "\(findings)")
    #expect(
      findings.contains {
        $0.name == "applinks"
          && $0.detail.hasPrefix("auth.example.com has webcredentials: but no applinks:")
      })
  }

  /// The entitlements-level lines of a check whose sites are answered by a correct loopback site.
  func check(_ file: EntitlementsFile, app: String = Fixtures.app) async throws -> [Requirement] {
    try await withServer(certificate: certificate, routes: Fixtures.correctSite) { server in
      var options = try Fixtures.options(server, trusting: certificate, app: app)
      options.connectTo = try ConnectTo(parsing: "::127.0.0.1:\(server.port)")
      return await EntitlementsCheck(entitlements: file, options: options).run().requirements
    }
  }

  @Test func anIPAIsReadFromItsPayload() async throws {
    _ = try appBundle(
      at: "ipa/Payload/PhotoApp.app", entitlements: try Self.appEntitlements(),
      profile: try await profile())
    let ipa = directory.file("PhotoApp.ipa")
    let zip = try await ChildProcess.run(
      ExecutableLookup.require("python3"), ["-m", "zipfile", "-c", ipa, "Payload"],
      in: directory.url.appendingPathComponent("ipa"))
    try #require(zip.status == 0, "\(zip.stderr)")
    let file = try EntitlementsFile.load(path: ipa)
    #expect(file.applicationIdentifier == Fixtures.app)
    #expect(file.applinks.map(\.entry) == ["applinks:localhost"])
    #expect(file.profile?.name == "Photo App Distribution")
    let findings = try await check(file)
    #expect(
      findings.contains { $0.name == "profile-coverage" && $0.status == .pass }, "\(findings)")
  }

  @Test func anXcarchiveIsReadFromItsApplication() throws {
    _ = try appBundle(
      at: "PhotoApp.xcarchive/Products/Applications/PhotoApp.app",
      entitlements: try Self.appEntitlements(getTaskAllow: true), profile: nil)
    let file = try EntitlementsFile.load(path: directory.file("PhotoApp.xcarchive"))
    #expect(file.applicationIdentifier == Fixtures.app)
    #expect(file.isDistributionBuild == false)
  }

  @Test func aSiteListingTheBundleUnderAnotherTeamIsNamed() async throws {
    let app = try appBundle(
      at: "Enterprise/PhotoApp.app",
      entitlements: try Self.appEntitlements(
        extra: ["application-identifier": "Z9Y8X7W6V5.com.example.photoapp"]),
      profile: nil)
    let file = try EntitlementsFile.load(path: app)
    let findings = try await check(file, app: "Z9Y8X7W6V5.com.example.photoapp")
    let team = try #require(findings.first { $0.name == "team" })
    #expect(team.status == .fail)
    #expect(
      team.detail.contains(
        "lists \(Fixtures.app), but this build is Z9Y8X7W6V5.com.example.photoapp"))
  }

  @Test func anUnsignedExecutableIsAUsageError() throws {
    let app = try appBundle(at: "Unsigned/PhotoApp.app", entitlements: nil, profile: nil)
    #expect {
      try EntitlementsFile.load(path: app)
    } throws: { error in
      "\(error)".contains("no code signature")
    }
  }

  @Test func theCommandTakesAProfileAndSaysWhatItIs() async throws {
    let path = try directory.write("embedded.mobileprovision", try await profile())
    let result = try await ChildProcess.run(
      CheckCommandTests.executable,
      ["check", "--entitlements", path, "--app", Fixtures.app, "--color", "never"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "info  profile          \"Photo App Distribution\": App Store and TestFlight distribution profile of team D3KQX62K1A"
      ), "\(result.stdout)")
    #expect(result.stdout.contains("warn  profile-domains  the profile grants any domain"))
    let garbage = try directory.write("broken.mobileprovision", Array("not a profile".utf8))
    let broken = try await ChildProcess.run(
      CheckCommandTests.executable, ["check", "--entitlements", garbage, "--app", Fixtures.app])
    #expect(broken.status == 2)
    #expect(broken.stdout.isEmpty)
    #expect(broken.stderr.contains("cannot use --entitlements \(garbage)"), "\(broken.stderr)")
  }
}

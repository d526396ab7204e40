import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `aasa-lint check --entitlements`: the app's associated domains, read from XML and binary
/// property lists, each checked against a real HTTPS server (reached through `--connect-to`).
@Suite struct EntitlementsCheckTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let domains = [
    "applinks:localhost", "applinks:*.example.com", "applinks:localhost?mode=developer",
  ]

  func entitlements(
    _ domains: [String] = domains, format: PropertyListSerialization.PropertyListFormat = .xml,
    extra: [String: Any] = [:]
  ) throws -> [UInt8] {
    var plist: [String: Any] = ["com.apple.developer.associated-domains": domains]
    plist.merge(extra) { $1 }
    return Array(
      try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0))
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func xmlAndBinaryPlistsAreRead(format: PropertyListSerialization.PropertyListFormat) throws {
    let file = try EntitlementsFile(
      path: "App.entitlements",
      bytes: entitlements(format: format, extra: ["application-identifier": Fixtures.app]))
    #expect(
      file.applinks.map(\.entry) == [
        "applinks:localhost", "applinks:*.example.com", "applinks:localhost?mode=developer",
      ])
    #expect(file.applinks.map(\.host) == ["localhost", "example.com", "localhost"])
    #expect(file.applinks.map(\.isWildcard) == [false, true, false])
    #expect(file.applinks[2].mode == "developer")
    #expect(file.applicationIdentifier == Fixtures.app)
  }

  @Test func somethingElseIsUnreadable() throws {
    #expect(throws: EntitlementsFile.Unreadable.self) {
      try EntitlementsFile(path: "x", bytes: Array("{\"not\": \"a plist\"}".utf8))
    }
    let wrongType = Array(
      try PropertyListSerialization.data(
        fromPropertyList: ["com.apple.developer.associated-domains": "applinks:example.com"],
        format: .xml, options: 0))
    #expect(throws: EntitlementsFile.Unreadable.self) {
      try EntitlementsFile(path: "x", bytes: wrongType)
    }
  }

  func runCommand(_ plist: [UInt8], app: String? = Fixtures.app, format: String = "text")
    async throws -> ProcessResult
  {
    let path = try directory.write("App-\(UUID().uuidString).entitlements", plist)
    return try await withServer(certificate: certificate, routes: Fixtures.correctSite) { server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", "--entitlements", path, "--connect-to", "localhost:443:127.0.0.1:\(server.port)",
          "--ca-file", certificate.certificatePath, "--format", format, "--color", "never",
        ]
          + (app.map { ["--app", $0] } ?? []))
    }
  }

  @Test func everyConcreteDomainIsCheckedAndAWildcardIsExplained() async throws {
    let result = try await runCommand(try entitlements(format: .binary))
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("info  applinks         checks localhost"))
    #expect(
      result.stdout.contains(
        "info  applinks         applinks:*.example.com: a wildcard domain is checked by Apple per subdomain and cannot be checked without a concrete host"
      ))
    #expect(result.stdout.contains("pass  app              the file names \(Fixtures.app)"))
    // localhost is named twice (once with ?mode=developer) and checked once.
    #expect(result.stdout.components(separatedBy: "https://localhost\n").count == 2)
    #expect(result.stdout.hasSuffix("result: pass (1 domain checked, 1 wildcard not checked)\n"))
  }

  @Test func aDomainWhoseFileDoesNotListTheAppFails() async throws {
    let result = try await runCommand(
      try entitlements(), app: "D3KQX62K1A.com.example.otherapp", format: "json")
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "fail")
    let sites = try #require(object["sites"] as? [[String: Any]])
    #expect(sites.count == 1)
    let requirements = try #require(sites.first?["requirements"] as? [[String: Any]])
    #expect(
      requirements.contains { $0["name"] as? String == "app" && $0["status"] as? String == "fail" })
  }

  @Test func theAppIDCanComeFromTheEntitlements() async throws {
    let result = try await runCommand(
      try entitlements(extra: ["application-identifier": Fixtures.app]), app: nil)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("the file names \(Fixtures.app)"))
  }

  @Test func entitlementsWithoutApplinksFail() async throws {
    let result = try await runCommand(try entitlements([]))
    #expect(result.status == 1)
    #expect(result.stdout.contains("names no applinks: domain"))
  }

  @Test func usageErrorsExitTwo() async throws {
    let notAPlist = try await runCommand(Array("hello".utf8))
    #expect(notAPlist.status == 2)
    #expect(notAPlist.stderr.contains("property list"), "\(notAPlist.stderr)")
    #expect(notAPlist.stdout.isEmpty)
    let noApp = try await runCommand(try entitlements(), app: nil)
    #expect(noApp.status == 2)
    #expect(noApp.stderr.contains("--entitlements needs --app"))
    let both = try await ChildProcess.run(
      CheckCommandTests.executable, ["check", "https://example.com", "--entitlements", "x"])
    #expect(both.status == 2)
    let neither = try await ChildProcess.run(CheckCommandTests.executable, ["check"])
    #expect(neither.status == 2)
  }
}

import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `aasa-lint check --entitlements` for the services other than universal links: each
/// `webcredentials:`, `appclips:` and `activitycontinuation:` domain fetched over TLS on loopback
/// (through `--connect-to`) and judged by its own section of the site's file.
@Suite struct EntitlementsServicesTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let app = Fixtures.app
  static let clip = Fixtures.app + ".Clip"

  /// A site whose association file (at both locations) is `association`; nothing else is there.
  static func site(_ association: String?) -> StubHTTPS.PathRoutes {
    { path in
      switch path {
      case "/.well-known/apple-app-site-association", "/apple-app-site-association":
        association.map { .json($0) } ?? .notFound
      default: .notFound
      }
    }
  }

  static let everyService = """
    {
      "applinks": {"details": [{"appIDs": ["\(app)"], "components": [{"/": "/albums/*"}]}]},
      "webcredentials": {"apps": ["\(app)"]},
      "appclips": {"apps": ["\(clip)"]},
      "activitycontinuation": {"apps": ["\(app)"]}
    }
    """

  func run(
    _ domains: [String], serving association: String?, app: String? = app,
    extra: [String: Any] = [:], format: String = "text"
  ) async throws -> ProcessResult {
    var plist: [String: Any] = ["com.apple.developer.associated-domains": domains]
    plist.merge(extra) { $1 }
    let bytes = Array(
      try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
    let path = try directory.write("App-\(UUID().uuidString).entitlements", bytes)
    return try await withServer(certificate: certificate, routes: Self.site(association)) {
      server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", "--entitlements", path, "--connect-to", "localhost:443:127.0.0.1:\(server.port)",
          "--ca-file", certificate.certificatePath, "--format", format, "--color", "never",
        ] + (app.map { ["--app", $0] } ?? []))
    }
  }

  @Test func everyServiceIsParsedWithItsHostAndMode() throws {
    let domains = [
      "applinks:example.com", "webcredentials:login.example.com",
      "appclips:*.example.com", "activitycontinuation:example.com?mode=managed",
      "weblinks:example.com",
    ].compactMap(AssociatedDomain.init)
    #expect(
      domains.map(\.service) == [.applinks, .webcredentials, .appclips, .activitycontinuation])
    #expect(
      domains.map(\.host) == ["example.com", "login.example.com", "example.com", "example.com"])
    #expect(domains[2].isWildcard)
    #expect(domains[3].mode == "managed")
  }

  @Test func aWebcredentialsOnlyDomainNeedsNoApplinks() async throws {
    let result = try await run(
      ["webcredentials:localhost"], serving: #"{"webcredentials": {"apps": ["\#(Self.app)"]}}"#)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "pass  webcredentials   localhost's file lists \(Self.app) under webcredentials.apps"),
      "\(result.stdout)")
    #expect(!result.stdout.contains("no applinks section"))
    #expect(!result.stdout.contains("fail  "))
  }

  @Test func aHostNamedByEveryServiceIsFetchedOnceAndEachServiceJudged() async throws {
    let result = try await run(
      [
        "applinks:localhost", "webcredentials:localhost", "appclips:localhost",
        "activitycontinuation:localhost?mode=developer",
      ], serving: Self.everyService)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.components(separatedBy: "https://localhost\n").count == 2)
    #expect(result.stdout.contains("pass  app              the file names \(Self.app)"))
    #expect(result.stdout.contains("lists \(Self.app) under webcredentials.apps"))
    #expect(result.stdout.contains("pass  appclips         localhost's file lists \(Self.clip)"))
    #expect(result.stdout.contains("lists \(Self.app) under activitycontinuation.apps"))
    #expect(result.stdout.hasSuffix("result: pass (1 domain checked)\n"), "\(result.stdout)")
  }

  @Test func theNearMissesAreNamed() async throws {
    let association = """
      {
        "applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [{"/": "/*"}]}]},
        "webcredentials": {"apps": ["ABCDE12345.com.example.photoapp"]},
        "appclips": {"apps": ["\(Self.app)"]}
      }
      """
    let result = try await run(
      [
        "applinks:localhost", "webcredentials:localhost", "appclips:localhost",
        "activitycontinuation:localhost",
      ],
      serving: association)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "fail  webcredentials   localhost's file lists ABCDE12345.com.example.photoapp under webcredentials.apps, but this build is \(Self.app): another Team ID prefix"
      ), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "fail  appclips         localhost's file lists \(Self.app) under appclips.apps, the full app: appclips names the clip, \(Self.clip)"
      ))
    #expect(
      result.stdout.contains(
        "fail  activitycontinuation localhost's file lists \(Self.app) under applinks only: activitycontinuation needs \(Self.app) in activitycontinuation.apps"
      ))
    #expect(result.stdout.contains("pass  app              the file names \(Self.app)"))
  }

  @Test func aDomainWithoutAFileFailsInTheWordsIOSShows() async throws {
    let result = try await run(["webcredentials:localhost"], serving: nil)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "fail  webcredentials   localhost serves no association file Apple can read (see the lines above): iOS says \"Unable to verify webcredentials association\" (error 1004)"
      ), "\(result.stdout)")
  }

  @Test func aSectionThatIsMissingFails() async throws {
    let result = try await run(
      ["webcredentials:localhost"],
      serving: #"{"activitycontinuation": {"apps": ["ABCDE12345.com.example.other"]}}"#)
    #expect(result.status == 1)
    #expect(
      result.stdout.contains(
        "fail  webcredentials   localhost's file has no webcredentials section, so it lists no app for webcredentials: add \"webcredentials\": {\"apps\": [\"\(Self.app)\"]}"
      ), "\(result.stdout)")
  }

  @Test func theClipsOwnEntitlementsNameTheClip() async throws {
    let result = try await run(
      ["appclips:localhost"], serving: Self.everyService, app: nil,
      extra: ["application-identifier": Self.clip])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("lists \(Self.clip) under appclips.apps"))
  }

  @Test func everyFormatCarriesTheServicePerDomain() async throws {
    let domains = ["applinks:localhost", "webcredentials:localhost"]
    let association = #"""
      {"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/*"}]}]}}
      """#
    let json = try await run(domains, serving: association, format: "json")
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let sites = try #require(object["sites"] as? [[String: Any]])
    #expect(sites.count == 1)
    let lines = try #require(sites.first?["requirements"] as? [[String: Any]])
    let line = try #require(lines.first { $0["name"] as? String == "webcredentials" })
    #expect(line["status"] as? String == "fail")
    #expect((line["detail"] as? String)?.contains("under applinks only") == true, "\(line)")

    let sarif = try await run(domains, serving: association, format: "sarif")
    #expect(sarif.status == 1)
    #expect(sarif.stdout.contains("webcredentials needs \(Self.app) in webcredentials.apps"))
    let github = try await run(domains, serving: association, format: "github")
    #expect(github.status == 1)
    #expect(github.stdout.contains("webcredentials needs \(Self.app) in webcredentials.apps"))
  }
}

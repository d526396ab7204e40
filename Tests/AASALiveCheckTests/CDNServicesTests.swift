import Foundation
import TestSupport
import Testing

/// `check --entitlements` with Apple's CDN: the CDN's copy, parsed, is asked per service as the
/// origin's file is (`cdn-applinks`, `cdn-webcredentials`, `cdn-appclips`), since devices read
/// the copy. The CDN is the same loopback server under `/a/v1/`, through `--cdn-base`.
@Suite struct CDNServicesTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static let app = Fixtures.app
  static let clip = Fixtures.app + ".Clip"
  static let origin = """
    {
      "applinks": {"details": [{"appIDs": ["\(app)"], "components": [{"/": "/albums/*"}]}]},
      "webcredentials": {"apps": ["\(app)"]},
      "appclips": {"apps": ["\(clip)"]}
    }
    """

  func run(
    _ domains: [String], origin: String = origin, cdnCopy: String, format: String = "text"
  ) async throws -> ProcessResult {
    let plist: [String: Any] = ["com.apple.developer.associated-domains": domains]
    let bytes = Array(
      try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0))
    let path = try directory.write("App-\(UUID().uuidString).entitlements", bytes)
    let routes: StubHTTPS.PathRoutes = { path in
      switch path {
      case "/.well-known/apple-app-site-association", "/apple-app-site-association":
        .json(origin)
      case "/a/v1/localhost": .json(cdnCopy)
      default: .notFound
      }
    }
    return try await withServer(certificate: certificate, routes: routes) { server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", "--entitlements", path, "--app", Self.app,
          "--connect-to", "localhost:443:127.0.0.1:\(server.port)",
          "--cdn-base", server.url + "/a/v1/", "--ca-file", certificate.certificatePath,
          "--format", format, "--color", "never",
        ])
    }
  }

  @Test func aCopyThatListsTheAppForEveryServicePassesEach() async throws {
    let result = try await run(
      ["applinks:localhost", "webcredentials:localhost", "appclips:localhost"],
      cdnCopy: Self.origin)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "pass  cdn-applinks     Apple's CDN's copy lists \(Self.app) under applinks, as the origin's does"
      ), "\(result.stdout)")
    #expect(
      result.stdout.contains(
        "pass  cdn-webcredentials Apple's CDN's copy lists \(Self.app) under webcredentials.apps"))
    #expect(
      result.stdout.contains(
        "pass  cdn-appclips     Apple's CDN's copy lists \(Self.clip) under appclips.apps"))
  }

  @Test func aWebcredentialsEntryTheCDNDoesNotHaveYetIsOneDevicesDoNotHave() async throws {
    // The CDN fetched the file before webcredentials was added: links agree, passkeys do not.
    let before = """
      {"applinks": {"details": [{"appIDs": ["\(Self.app)"], "components": [{"/": "/albums/*"}]}]},
       "appclips": {"apps": ["\(Self.clip)"]}}
      """
    let result = try await run(
      ["applinks:localhost", "webcredentials:localhost", "appclips:localhost"], cdnCopy: before)
    #expect(result.status == 0, "a warning: \(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("pass  cdn-applinks "), "\(result.stdout)")
    #expect(result.stdout.contains("pass  cdn-appclips "))
    #expect(
      result.stdout.contains(
        "warn  cdn-webcredentials the origin lists \(Self.app) under webcredentials.apps, Apple's CDN's copy does not yet: devices do not have it yet (iOS says \"Unable to verify webcredentials association\" (error 1004)"
      ), "\(result.stdout)")
    // The file's line says so too: the links are the same, the other services are not.
    #expect(
      result.stdout.contains(
        "warn  cdn              the same links as the origin's, but its webcredentials apps differ"),
      "\(result.stdout)")
    // The origin's own line passes: the site is right, the CDN has not caught up.
    #expect(result.stdout.contains("pass  webcredentials   localhost's file lists"))

    let json = try await run(["webcredentials:localhost"], cdnCopy: before, format: "json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let lines = try #require(
      (object["sites"] as? [[String: Any]])?.first?["requirements"] as? [[String: Any]])
    let line = try #require(lines.first { $0["name"] as? String == "cdn-webcredentials" })
    #expect(line["status"] as? String == "warn")
    #expect((line["resource"] as? String)?.hasSuffix("/a/v1/localhost") == true, "\(line)")
    // Only the services the entitlements name are asked.
    #expect(!lines.contains { $0["name"] as? String == "cdn-applinks" })
  }

  @Test func anEntryOnlyTheCDNStillHasIsLostAtItsNextRefresh() async throws {
    let result = try await run(
      ["appclips:localhost"],
      origin: #"{"appclips": {"apps": ["ABCDE12345.com.example.other.Clip"]}}"#,
      cdnCopy: Self.origin)
    #expect(result.status == 1, "the origin's line fails: \(result.stdout)\(result.stderr)")
    #expect(
      result.stdout.contains(
        "warn  cdn-appclips     Apple's CDN's copy still lists \(Self.clip) under appclips.apps, the origin's file no longer does: devices lose it at the CDN's next refresh"
      ), "\(result.stdout)")
  }

  @Test func theHeadingNamesTheServiceOfAPasskeysOnlyApp() async throws {
    let result = try await run(["webcredentials:localhost"], cdnCopy: Self.origin)
    #expect(
      result.stdout.contains("  info  webcredentials   checks localhost\n"), "\(result.stdout)")
    #expect(!result.stdout.contains("applinks         checks"))
    let mixed = try await run(
      ["applinks:localhost", "webcredentials:localhost"], cdnCopy: Self.origin)
    #expect(
      mixed.stdout.contains(
        "  info  domains          checks localhost (applinks, webcredentials)\n"),
      "\(mixed.stdout)")
  }
}

import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `check` judging assetlinks.json by Android's rules, against a real HTTPS server on 127.0.0.1
/// named `android.test` (through `--connect-to`), so that its trailing-dot form can be asked too.
@Suite struct LiveCheckAndroidTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(
      in: directory, name: "android", commonName: "android.test",
      // 127.0.0.1 too: Google's API is asked there, and its certificate is verified.
      alternativeNames: [.dns("android.test"), .loopback])
  }

  /// Checks `android.test`, whose assetlinks.json is `assetLinks` (for the dotted host:
  /// `dotted`, by default the same), with Google's API at `/google` answering `google`.
  func check(
    assetLinks: StubHTTPS.Answer, dotted: StubHTTPS.Answer? = nil,
    google: StubHTTPS.Answer? = nil
  ) async throws -> (report: LiveCheckReport, googleTargets: [String]) {
    let asked = Recorder()
    let routes: StubHTTPS.HostRoutes = { host, target in
      if target.hasPrefix("/google/") {
        asked.add(target)
        return google ?? .notFound
      }
      let path = String(target.split(separator: "?").first ?? "")
      if path == "/.well-known/assetlinks.json" {
        return host.hasPrefix("android.test.") ? (dotted ?? assetLinks) : assetLinks
      }
      return Fixtures.correctSite(path)
    }
    let server = try await StubHTTPS.start(certificate: certificate, hostRoutes: routes)
    var options = try Fixtures.options(server, trusting: certificate)
    options.site = SiteAddress(host: "android.test")
    options.connectTo = try ConnectTo(parsing: "android.test:443:127.0.0.1:\(server.port)")
    if google != nil { options.googleBase = server.url + "/google" }
    let report = await LiveCheck(options: options).run()
    await server.stop()
    return (report, asked.values)
  }

  func line(_ report: LiveCheckReport, _ name: String) -> Requirement? {
    report.requirement(name, of: .assetLinks)
  }

  @Test func aCorrectFilePassesAndTheDottedHostServesTheSame() async throws {
    let (report, _) = try await check(assetLinks: .json(Fixtures.assetLinks))
    let lines = try #require(report.check(of: .assetLinks)?.requirements)
    #expect(lines.allSatisfy { $0.status == .pass }, "\(lines)")
    #expect(line(report, "trailing-dot")?.detail == "android.test. serves the same file")
  }

  @Test(
    "Content-Type must be application/json, a failure for Android",
    arguments: ["text/plain", "application/octet-stream", "text/html; charset=utf-8"])
  func contentType(value: String) async throws {
    let (report, _) = try await check(assetLinks: .json(Fixtures.assetLinks, contentType: value))
    let contentType = try #require(line(report, "content-type"))
    #expect(contentType.status == .fail)
    #expect(contentType.detail.contains("Android requires"))
    #expect(report.exitStatus == .findings)
  }

  @Test func noContentTypeFails() async throws {
    let response = StubHTTPS.Answer(headers: [], body: Array(Fixtures.assetLinks.utf8))
    let (report, _) = try await check(assetLinks: response)
    #expect(line(report, "content-type")?.status == .fail)
  }

  @Test func aRedirectFailsAndSaysAndroidNeverFollowsIt() async throws {
    let response = StubHTTPS.Answer(
      status: .found,
      headers: [("Location", "https://www.android.test/.well-known/assetlinks.json")])
    let (report, _) = try await check(assetLinks: response)
    let redirect = try #require(line(report, "redirect"))
    #expect(redirect.status == .fail)
    #expect(redirect.detail.contains("Android never follows a redirect"))
  }

  @Test func aServerErrorFails() async throws {
    let response = StubHTTPS.Answer(status: .internalServerError, body: [])
    let (report, _) = try await check(assetLinks: response)
    #expect(line(report, "status")?.status == .fail)
  }

  @Test func overOneMebibyteFailsButOver128KBIsFine() async throws {
    let padding = String(repeating: " ", count: 200 * 1024)
    let (medium, _) = try await check(assetLinks: .json(Fixtures.assetLinks + padding))
    #expect(line(medium, "size")?.status == .pass)
    #expect(line(medium, "json")?.status == .pass)
    let huge = String(repeating: " ", count: (1 << 20) + 10)
    let (large, _) = try await check(assetLinks: .json(Fixtures.assetLinks + huge))
    let size = try #require(line(large, "size"))
    #expect(size.status == .fail)
    #expect(size.detail.contains("1 MiB"))
  }

  @Test func theDottedHostServingAnotherFileFails() async throws {
    let (report, _) = try await check(
      assetLinks: .json(Fixtures.assetLinks), dotted: .json("[]"))
    let dot = try #require(line(report, "trailing-dot"))
    #expect(dot.status == .fail)
    #expect(dot.detail.contains("serves a different file"))
    let (missing, _) = try await check(assetLinks: .json(Fixtures.assetLinks), dotted: .notFound)
    #expect(line(missing, "trailing-dot")?.status == .fail)
    #expect(line(missing, "trailing-dot")?.detail.contains("404") == true)
  }

  static func googleAnswer(_ fingerprint: String) -> String {
    """
    {"statements": [{"source": {"web": {"site": "https://android.test."}},
      "relation": "delegate_permission/common.handle_all_urls",
      "target": {"androidApp": {"packageName": "com.example.photoapp",
        "certificate": {"sha256Fingerprint": "\(fingerprint)"}}}}],
     "maxAge": "600s", "debugString": ""}
    """
  }

  @Test func googleReadingTheSameGrantsPasses() async throws {
    let fingerprint =
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    let (report, asked) = try await check(
      assetLinks: .json(Fixtures.assetLinks), google: .json(Self.googleAnswer(fingerprint)))
    let google = try #require(line(report, "google"))
    #expect(google.status == .pass, "\(google)")
    let target = try #require(asked.first)
    #expect(target.hasPrefix("/google/v1/statements:list?"))
    #expect(target.contains("return_relation_extensions=true"))
    #expect(target.contains("source.web.site=https%3A%2F%2Fandroid.test."))
  }

  @Test func googleReadingOtherGrantsFails() async throws {
    let other =
      "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"
    let (report, _) = try await check(
      assetLinks: .json(Fixtures.assetLinks), google: .json(Self.googleAnswer(other)))
    let google = try #require(line(report, "google"))
    #expect(google.status == .fail)
    #expect(google.detail.contains("Google does not read com.example.photoapp"))
  }
}

/// Collects what the server was asked, from its event loop.
final class Recorder: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func add(_ value: String) { lock.withLock { stored.append(value) } }
  var values: [String] { lock.withLock { stored } }
}

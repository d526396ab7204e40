import Foundation
import TestSupport
import Testing

/// Files built to crash or stall a linter, dropped into a running server's root or present at
/// start-up: the server refuses them with a reason and keeps serving the last good version.
@Suite("aasa-serve: hostile files in the root", .serialized)
struct EndToEndHostileFileTests {
  let aasaPath = "/.well-known/apple-app-site-association"
  static let hostile: [(name: String, text: String)] = [
    ("nested arrays", String(repeating: "[", count: 20_000)),
    ("nested objects", String(repeating: #"{"a": "#, count: 20_000)),
    (
      "$(lang) 18,000 times",
      #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example"], "components": [{"/": "/"#
        + String(repeating: "$(lang)", count: 18_000) + #""}]}]}}"#
    ),
  ]

  @Test("a hostile association file on SIGHUP is refused; the last good one keeps being served")
  func reloadRefusesHostileFiles() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0",
    ])
    for (name, text) in Self.hostile {
      let before = server.output.components(separatedBy: "refusing the new version").count
      try site.replace("site/.well-known/apple-app-site-association", text)
      server.signal(SIGHUP)
      try await waitUntil(timeout: 20, "the refusal of \(name)") {
        server.output.components(separatedBy: "refusing the new version").count > before
      }
      #expect(server.process.isRunning, "\(name)")
      let response = try await CurlResponse(curl([], server.url(aasaPath)))
      #expect(response.status == 200, "\(name)")
      #expect(response.body == Fixtures.aasa, "\(name)")
    }
    #expect(server.output.contains("AASA015"))
  }

  @Test("a hostile association file at start-up stops it with the reason, not a signal")
  func startUpRefusesHostileFiles() async throws {
    for (name, text) in Self.hostile.prefix(2) {
      let site = try TemporaryDirectory.standardSite()
      try site.replace("site/.well-known/apple-app-site-association", text)
      let server = try await ServerProcess(
        ["--root", site.site, "--port", "0"], expectFailure: true)
      let status = try await server.waitForExit(timeout: 20)
      #expect(status == 1, "\(name): \(server.stderr.text)")
      #expect(server.stderr.text.contains("AASA015"), "\(name)")
    }
  }
}

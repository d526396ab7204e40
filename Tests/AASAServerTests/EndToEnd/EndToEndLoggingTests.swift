import Foundation
import TestSupport
import Testing

/// Logging must never hold up serving.
@Suite("aasa-serve end to end: logging", .programsTimeLimit)
struct EndToEndLoggingTests {
  @Test func aStalledLogReaderDropsLinesNotRequests() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--admin", "127.0.0.1:0"])
    let admin = try #require(server.output.firstMatch(of: /admin on (http:\/\/127\.0\.0\.1:\d+)/))
    // The reader of standard output stops reading: the pipe fills after a few hundred lines.
    server.stdout.pause()
    let requests = 12_000
    let load = try await run(
      ExecutableLookup.require("h2load"),
      ["--h1", "-N", "5", "-n", "\(requests)", "-c", "4", server.url("/style.css")], timeout: 60)
    #expect(load.stdout.contains("\(requests) succeeded, 0 failed"), "\(load.stdout)")
    server.stdout.resume()
    try await waitUntil(timeout: 10, "the dropped-lines notice") {
      server.output.contains("dropped ")
    }
    let notice = try #require(server.output.firstMatch(of: /dropped (\d+) log line/))
    let dropped = Int(notice.1)!
    #expect(dropped > 0)
    // Every request is accounted for: logged, or counted as dropped.
    try await waitUntil(timeout: 10, "every access line") {
      server.output.components(separatedBy: " info request ").count - 1 + dropped == requests
    }
    // The count is exported too.
    let metrics = try await CurlResponse(curl([], "\(admin.1)/metrics")).body
    #expect(metrics.contains("aasa_log_lines_dropped_total \(dropped)\n"), "\(metrics)")
  }
}

import Foundation
import TestSupport
import Testing

/// The security review's findings against the real aasa-serve process over loopback: each
/// hostile input that once crashed it or grew its memory without bound, at the scale an
/// attacker would use. Every case ends by asking the server for a file, so "it still answers"
/// is checked too, not only "it did not crash".
@Suite("aasa-serve reliability: hostile requests", .serialized, .timeLimit(.minutes(4)))
struct ReliabilityTests {
  let aasaPath = "/.well-known/apple-app-site-association"

  /// An `If-Modified-Since` whose year overflowed the date arithmetic ended the process (SIGILL)
  /// with one unauthenticated request. Each hostile date, over HTTP/1.1 and HTTP/2, is now read
  /// as no date: a 200 with the file, and the server carries on.
  @Test func hostileDatesAreIgnoredOverBothProtocols() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0", "--self-signed"])
    for date in ConditionalRequestTests.hostileDates {
      for version in ["--http1.1", "--http2"] {
        let response = try CurlResponse(
          await curl(["-k", version, "-H", "If-Modified-Since: \(date)"], server.url(aasaPath)))
        #expect(response.status == 200, "\(version) \(date)")
      }
    }
    // A date the server can read still gives 304.
    let notModified = try CurlResponse(
      await curl(
        ["-k", "--http2", "-H", "If-Modified-Since: Fri, 31 Dec 9999 23:59:59 GMT"],
        server.url(aasaPath)))
    #expect(notModified.status == 304)
    #expect(server.process.isRunning)
  }

  /// One of the security review's HTTP/2 attacks from 990 connections, under the server's
  /// limit of 1,000, against a server that has served a control run of the same connections
  /// without the attack (`HTTP2MassAttack`): what the attack adds stays under 64 MB, others
  /// are answered meanwhile, and the server still answers afterwards.
  func attackAtTheConnectionLimit(_ mode: String, hold: Double) async throws
    -> HTTP2MassAttack.Report
  {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--self-signed", "--max-connections", "1000",
      "--idle-timeout", "60",
    ])
    let report = try await HTTP2MassAttack.run(
      mode: mode, port: server.port, pid: server.process.pid, connections: 990, hold: hold)
    #expect(report.opened == 990, "\(report)")
    #expect(report.growthKB < 64 << 10, "\(report)")
    #expect(report.answered == report.asked, "\(report)")
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
    // The figures, for BENCHMARKS.md and whoever reads the log.
    print("reliability: \(mode): \(report)")
    return report
  }

  /// Streams held open by a zero flow-control window once kept their whole request head (up to
  /// 16 KB of values fed by one-byte HPACK references): 1.6 MB per connection. Now a head is
  /// dropped once answered, and at most 16 streams per connection wait on a shut window.
  @Test(.enabled(if: System.hasProcFileSystem, "reads the server's memory from /proc"))
  func heldStreamsAtTheConnectionLimitStayBounded() async throws {
    _ = try await attackAtTheConnectionLimit("held-heads", hold: 4)
  }

  /// A client that never acknowledges the server's SETTINGS and never reads made nghttp2 queue
  /// one RST_STREAM per refused stream, without bound (+32 MB from 4 connections). Each flooding
  /// connection is now closed with GOAWAY ENHANCE_YOUR_CALM past 1,000 refused streams.
  @Test(.enabled(if: System.hasProcFileSystem, "reads the server's memory from /proc"))
  func refusedStreamFloodAtTheConnectionLimitIsClosed() async throws {
    let report = try await attackAtTheConnectionLimit("refused-flood", hold: 8)
    // Every flooding connection is closed by the server, most of them saying why.
    #expect(report.closedByServer == report.opened, "\(report)")
    #expect(report.goawayCodes.contains(0xB), "\(report)")
  }

  /// A number given to a flag is later multiplied (seconds into nanoseconds, the header size
  /// doubled): one too large would have stopped the server when used. Each is refused at start.
  @Test(arguments: [
    ["--idle-timeout", "1e300"], ["--header-timeout", "nan"], ["--shutdown-timeout", "inf"],
    ["--watch-interval", "1e19"], ["--settle-time", "-1"],
    ["--cache-max-age", "9223372036854775807"],
    ["--max-header-size", "4611686018427387904"], ["--max-connections", "0"],
    ["--max-file-size", "9223372036854775807"], ["--threads", "100000"],
  ])
  func outOfRangeFlagsAreRefusedAtStart(_ flag: [String]) async throws {
    let site = try TemporaryDirectory.standardSite()
    let result = try await run(
      BuiltProducts.executable("aasa-serve"),
      ["--root", site.site, "--port", "0", "--self-signed"] + flag)
    #expect(result.status == 2, "\(flag): \(result.stderr)")
    #expect(result.stderr.contains(flag[0]), "\(result.stderr)")
  }
}

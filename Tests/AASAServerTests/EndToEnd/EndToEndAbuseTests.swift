import Foundation
import TestSupport
import Testing

/// Clients that break the rules or hold on to connections, against the real process over TLS.
@Suite("aasa-serve end to end: misbehaving clients", .programsTimeLimit)
struct EndToEndAbuseTests {
  let aasaPath = "/.well-known/apple-app-site-association"

  func startServer(_ extra: [String] = []) async throws -> (TemporaryDirectory, ServerProcess) {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--self-signed"] + extra)
    return (site, server)
  }

  @Test func http2ProtocolErrorClosesTheConnection() async throws {
    let (_, server) = try await startServer()
    // Closed at once; the probe gives up after 30 s, a bound only against a blow-up.
    let report = try await HTTP2Probe.run(mode: "protocol-error", port: server.port, seconds: 30)
    #expect(report.goaway)
    #expect(report.closed, "still open after \(report.sent) bytes")
    // The server is unharmed.
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
  }

  @Test func http2HeaderTimeoutCatchesTrickledContinuationFrames() async throws {
    let (_, server) = try await startServer(["--header-timeout", "1", "--idle-timeout", "300"])
    // The header timeout (1 s, checked every 0.5 s), not the idle timeout: closed before the
    // probe gives up at 30 s, far from both.
    let report = try await HTTP2Probe.run(mode: "continuation", port: server.port, seconds: 30)
    #expect(report.closed, "still open after \(report.after) s")
  }

  /// The header timeout starts at connect and covers the TLS handshake: a client that connects
  /// and never says hello, or stops halfway through its ClientHello, is closed by the header
  /// timeout. Told by its cause, not by a time: the idle timeout is 300 s and the test listens
  /// for 20 s of silence, so a server that closed at all closed by the header timeout (1 s); one
  /// whose handshake escaped it would still hold the connection open.
  @Test(arguments: [[UInt8](), [0x16, 0x03, 0x01, 0x02, 0x00, 0x01]])
  func handshakeIsUnderTheHeaderTimeout(sentBeforeStalling: [UInt8]) async throws {
    let (_, server) = try await startServer(["--header-timeout", "1", "--idle-timeout", "300"])
    let connection = try await RawConnection.open(port: server.port)
    defer { connection.close() }
    await connection.send(sentBeforeStalling)
    let answer = await connection.serverCloses(within: 20)
    #expect(answer.closed, "the server held a connection stalled in its handshake open")
    #expect(answer.text.isEmpty)
  }

  @Test(.enabled(if: System.hasProcFileSystem, "reads peak memory from /proc"))
  func http2ClientThatNeverReadsCannotGrowTheServer() async throws {
    let site = try TemporaryDirectory.standardSite()
    var bytes = [UInt8](repeating: 0, count: 4 << 20)
    for index in bytes.indices {
      bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 13)
    }
    _ = try site.write("site/big.bin", bytes)
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--self-signed", "--idle-timeout", "30"])
    let before = try peakResidentKilobytes(of: server)
    // 50 streams × 4 MiB asked for with the windows wide open: 200 MiB if output were queued.
    _ = try await HTTP2Probe.run(mode: "no-read", port: server.port, seconds: 4)
    let growth = try peakResidentKilobytes(of: server) - before
    #expect(growth < 64 << 10, "peak resident memory grew by \(growth) KiB")
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
  }

  /// A client that floods frames the server must acknowledge and never reads the
  /// acknowledgements: the server stops reading once it cannot write, keeps at most a bounded
  /// queue of acknowledgements, and when the queue is full closes with ENHANCE_YOUR_CALM.
  @Test(
    .enabled(if: System.hasProcFileSystem, "reads peak memory from /proc"),
    arguments: ["ping-flood", "settings-flood"])
  func http2ControlFrameFloodWithoutReadingStaysFlat(mode: String) async throws {
    // The site folder must outlive the flood: the server would notice it gone and serve 404s.
    let (site, server) = try await startServer(["--idle-timeout", "30"])
    defer { withExtendedLifetime(site) {} }
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
    let before = try peakResidentKilobytes(of: server)
    let report = try await HTTP2Probe.run(mode: mode, port: server.port, seconds: 6)
    let growth = try peakResidentKilobytes(of: server) - before
    #expect(growth < 32 << 10, "peak resident memory grew by \(growth) KiB")
    if report.goaway {
      #expect(report.goawayCode == 0xB, "GOAWAY with error code \(report.goawayCode ?? -1)")
    }
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
  }

  /// The HTTP/2 attacks of the last few years, each from one connection: the server's peak
  /// memory stays within 32 MB of where it was, a GOAWAY (if any) says why, and the server goes
  /// on answering others.
  @Test(
    .enabled(if: System.hasProcFileSystem, "reads peak memory from /proc"),
    arguments: [
      "rapid-reset", "many-streams", "stalled-streams", "hpack-bomb", "window-update-flood",
      "priority-flood",
    ])
  func http2AttackFromOneConnectionStaysBounded(mode: String) async throws {
    let site = try TemporaryDirectory.standardSite()
    _ = try site.write("site/big.bin", [UInt8](repeating: 0x61, count: 1 << 20))
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--self-signed", "--idle-timeout", "5"])
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
    let before = try peakResidentKilobytes(of: server)
    let report = try await HTTP2Probe.run(mode: mode, port: server.port, seconds: 4)
    let growth = try peakResidentKilobytes(of: server) - before
    #expect(growth < 32 << 10, "peak resident memory grew by \(growth) KiB")
    if let code = report.goawayCode {
      // ENHANCE_YOUR_CALM for floods, PROTOCOL_ERROR or COMPRESSION_ERROR for what breaks the
      // rules, INTERNAL_ERROR for nghttp2's reset limit.
      #expect([0x1, 0x2, 0x9, 0xB].contains(code), "GOAWAY with error code \(code)")
    }
    switch mode {
    case "many-streams":
      // 100 at a time are taken; the rest are refused, none left unanswered.
      #expect(report.headers >= 100, "\(report.headers) answers, \(report.resets) resets")
      #expect(report.goaway || report.headers + report.resets >= 20_000)
    case "rapid-reset":
      // nghttp2 limits how fast a client may reset streams (1,000 at once, 33 a second after).
      #expect(report.goaway && report.closed, "\(report)")
    case "hpack-bomb":
      // The first request is answered; the bombs get 431 (or a reset), not 64 MB held.
      #expect(report.headers + report.resets >= 2 || report.goaway, "\(report)")
    default:
      break
    }
    #expect(try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))).status == 200)
  }

  /// The process's peak resident set (VmHWM), in KiB.
  private func peakResidentKilobytes(of server: ServerProcess) throws -> Int {
    let status = try String(
      contentsOfFile: "/proc/\(server.process.pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }

  @Test func http2IdleTimeoutIgnoresPings() async throws {
    // The header timeout far off, so only the idle timeout (1 s) can close it before the pinging
    // probe gives up at 30 s.
    let (_, server) = try await startServer(["--header-timeout", "120", "--idle-timeout", "1"])
    let report = try await HTTP2Probe.run(mode: "ping", port: server.port, seconds: 30)
    #expect(report.closed, "still open after \(report.after) s")
  }

  @Test func idleHTTP2ClientsCannotHoldEverySlot() async throws {
    let (_, server) = try await startServer([
      "--header-timeout", "1", "--idle-timeout", "1", "--max-connections", "4",
    ])
    let port = server.port
    // Four pinging clients take every slot; they are closed, and then others get in.
    let probes = Task {
      await withTaskGroup(of: HTTP2Probe.Report?.self) { group in
        for _ in 0..<4 {
          group.addTask { try? await HTTP2Probe.run(mode: "ping", port: port, seconds: 8) }
        }
        return await group.compactMap { $0 }.reduce(into: []) { $0.append($1) }
      }
    }
    try await Task.sleep(for: .milliseconds(500))
    try await waitUntil(timeout: 6, "a slot to free up") {
      (try? await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath))))?.status == 200
    }
    let reports = await probes.value
    #expect(reports.count == 4)
    #expect(reports.allSatisfy { $0.closed })
  }

  @Test func http2OversizedHeadGets431OnItsStream() async throws {
    let (_, server) = try await startServer(["--max-header-size", "2048"])
    let big = "x-big: " + String(repeating: "a", count: 3000)
    let response = try await CurlResponse(curl(["-k", "--http2", "-H", big], server.url(aasaPath)))
    #expect(response.httpVersion == "HTTP/2")
    #expect(response.status == 431)
  }

  @Test func http1HostMustBeThereExactlyOnce() async throws {
    let site = try TemporaryDirectory.standardSite()
    let plain = try await ServerProcess(["--root", site.site, "--port", "0"])
    let cases: [(String, String)] = [
      ("GET \(aasaPath) HTTP/1.1\r\n\r\n", "HTTP/1.1 400"),
      ("GET \(aasaPath) HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "HTTP/1.1 400"),
      ("GET \(aasaPath) HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n", "HTTP/1.1 400"),
      // Field names are case-insensitive: these are two Host fields, and one.
      ("GET \(aasaPath) HTTP/1.1\r\nhost: a\r\nHOST: b\r\n\r\n", "HTTP/1.1 400"),
      ("GET \(aasaPath) HTTP/1.1\r\nhOsT: a\r\nConnection: close\r\n\r\n", "HTTP/1.1 200"),
      ("GET \(aasaPath) HTTP/1.0\r\n\r\n", "HTTP/1.1 200"),
      ("GET \(aasaPath) HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", "HTTP/1.1 200"),
    ]
    for (request, expected) in cases {
      let response = try await rawExchange(port: plain.port, request, timeout: 3)
      #expect(response.hasPrefix(expected), "\(request) -> \(response.prefix(40))")
    }
  }
}

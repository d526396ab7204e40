import Foundation
import TestSupport
import Testing

/// The admin listener (`--admin`) is reachable from the platform's network: it has the site
/// listener's connection limit and header and idle timeouts, so idle or trickling clients can
/// neither hold its connections for ever nor take every file descriptor of the process.
@Suite("aasa-serve reliability: the admin listener's limits", .timeLimit(.minutes(2)))
struct ReliabilityAdminListenerTests {
  func startServer(idleTimeout: Int = 2) async throws -> (TemporaryDirectory, ServerProcess, Int) {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--self-signed", "--admin", "127.0.0.1:0",
      "--max-connections", "3", "--header-timeout", "1", "--idle-timeout", String(idleTimeout),
    ])
    let match = try #require(server.output.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/))
    return (site, server, try #require(Int(match.1)))
  }

  @Test func connectionsOverTheLimitAreClosedAtAccept() async throws {
    let (site, server, port) = try await startServer()
    defer { withExtendedLifetime((site, server)) {} }
    var held: [RawConnection] = []
    for _ in 0..<3 { held.append(try await RawConnection.open(port: port)) }
    defer { held.forEach { $0.close() } }
    // Give the server's loop the time to take the three.
    try await Task.sleep(for: .milliseconds(300))
    // A whole request, which an accepted connection would have answered: nothing came back.
    let refused = try await rawExchange(port: port, "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(refused.isEmpty, "\(refused)")
    // The idle ones are closed by the idle timeout (2 s, checked every 0.5 s), freeing the slots.
    for connection in held {
      _ = await connection.answer(timeout: 6)
    }
    let answer = try await rawExchange(
      port: port, "GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
  }

  @Test func aTricklingHeadIsClosedByTheHeaderTimeout() async throws {
    // The idle timeout far from the header timeout, so that a bound with a wide margin tells
    // them apart: 1 s (checked every 0.5 s) against 90 s, and the answer's own 100 s of silence.
    let (site, server, port) = try await startServer(idleTimeout: 90)
    defer { withExtendedLifetime((site, server)) {} }
    let started = ContinuousClock.now
    let answer = try await rawExchange(port: port, "GET /healthz HTTP/1.1\r\nHo", timeout: 100)
    let elapsed = ContinuousClock.now - started
    #expect(answer.isEmpty, "\(answer)")
    #expect(elapsed < .seconds(60), "closed after \(elapsed)")
  }

  @Test func aHeadOverTheSizeLimitIsRefused() async throws {
    let (site, server, port) = try await startServer()
    defer { withExtendedLifetime((site, server)) {} }
    let answer = try await rawExchange(
      port: port,
      "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 431") || answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
  }
}

import Foundation
import TestSupport
import Testing

/// The admin listener (`--admin`) is reachable from the platform's network: it has the site
/// listener's connection limit and header and idle timeouts, so idle or trickling clients can
/// neither hold its connections for ever nor take every file descriptor of the process.
@Suite("aasa-serve reliability: the admin listener's limits", .timeLimit(.minutes(2)))
struct ReliabilityAdminListenerTests {
  func startServer() throws -> (TemporaryDirectory, ServerProcess, Int) {
    let site = try TemporaryDirectory.standardSite()
    let server = try ServerProcess([
      "--root", site.site, "--port", "0", "--self-signed", "--admin", "127.0.0.1:0",
      "--max-connections", "3", "--header-timeout", "1", "--idle-timeout", "2",
    ])
    let match = try #require(server.output.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/))
    return (site, server, try #require(Int(match.1)))
  }

  @Test func connectionsOverTheLimitAreClosedAtAccept() throws {
    let (site, server, port) = try startServer()
    defer { withExtendedLifetime((site, server)) {} }
    let held = try (0..<3).map { _ in try System.connectToLoopback(port: port) }
    defer { held.forEach(System.close) }
    // Give the server's loop the time to take the three.
    Thread.sleep(forTimeInterval: 0.3)
    let started = Date()
    let refused = try rawExchange(port: port, "GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(refused.isEmpty, "\(refused)")
    #expect(Date().timeIntervalSince(started) < 2)
    // The idle ones are closed by the idle timeout (2 s, checked every 0.5 s), freeing the slots.
    for descriptor in held {
      _ = System.receiveUntilClosed(descriptor, timeout: 6)
    }
    let answer = try rawExchange(
      port: port, "GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
  }

  @Test func aTricklingHeadIsClosedByTheHeaderTimeout() throws {
    let (site, server, port) = try startServer()
    defer { withExtendedLifetime((site, server)) {} }
    let started = Date()
    let answer = try rawExchange(port: port, "GET /healthz HTTP/1.1\r\nHo", timeout: 10)
    let elapsed = Date().timeIntervalSince(started)
    #expect(answer.isEmpty, "\(answer)")
    // 1 s, checked every 0.5 s; the idle timeout (2 s) would be later.
    #expect(elapsed < 2, "closed after \(elapsed) s")
  }

  @Test func aHeadOverTheSizeLimitIsRefused() throws {
    let (site, server, port) = try startServer()
    defer { withExtendedLifetime((site, server)) {} }
    let answer = try rawExchange(
      port: port,
      "GET /healthz HTTP/1.1\r\nHost: a\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 431") || answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
  }
}

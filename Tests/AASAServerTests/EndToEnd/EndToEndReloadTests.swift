import Foundation
import TestSupport
import Testing

/// Files that change under a running server.
@Suite("aasa-serve end to end: reloading", .programsTimeLimit)
struct EndToEndReloadTests {
  static let firstHalf = String(repeating: "first half ", count: 20)
  static let whole = firstHalf + String(repeating: "second half ", count: 20)

  /// Writes the first half of /notes.txt in place, pauses for `pause` seconds, writes the rest,
  /// and fetches the file all along. Returns every body seen, and how long the writer really
  /// paused (a loaded machine can make it longer).
  func bodiesWhileWritingSlowly(
    _ server: ServerProcess, _ site: TemporaryDirectory, pause: Double, afterFirstHalf: () -> Void
  ) async throws -> (bodies: [String], paused: Double) {
    let path = site.site + "/notes.txt"
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(Self.firstHalf.utf8))
    let firstHalfWritten = Date()
    afterFirstHalf()
    var bodies: [String] = []
    let resume = Date().addingTimeInterval(pause)
    while Date() < resume {
      bodies.append(try await CurlResponse(curl([], server.url("/notes.txt"))).body)
      try await Task.sleep(for: .seconds(0.05))
    }
    let paused = Date().timeIntervalSince(firstHalfWritten)
    try handle.write(contentsOf: Data(Self.whole.utf8.dropFirst(Self.firstHalf.utf8.count)))
    try handle.close()
    try await waitUntil(timeout: 10, "the whole file to be served") {
      let body = try await CurlResponse(curl([], server.url("/notes.txt"))).body
      bodies.append(body)
      return body == Self.whole
    }
    return (bodies, paused)
  }

  /// The half-written file must not have been served, provided the writer's pause really was
  /// shorter than the settle time (2 s); a longer one is allowed to be taken.
  func expectNoHalfFile(_ outcome: (bodies: [String], paused: Double)) {
    if outcome.paused < 1.9 {
      #expect(!outcome.bodies.contains(Self.firstHalf), "paused \(outcome.paused) s")
    }
  }

  @Test func aWriterPausingLongerThanAScanIsNotServedHalfWay() async throws {
    let site = try TemporaryDirectory.standardSite()
    // The default settle time (2 s) against a writer that pauses for five scan intervals.
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0.2",
    ])
    expectNoHalfFile(try await bodiesWhileWritingSlowly(server, site, pause: 1) {})
  }

  @Test func sighupWaitsForTheFileToSettleToo() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0",
    ])
    expectNoHalfFile(
      try await bodiesWhileWritingSlowly(server, site, pause: 0.7) {
        server.signal(SIGHUP)
      })
  }

  /// SIGHUP is taken from the start of the run, before the server binds and reports: one sent
  /// the moment it says it listens (before its services run) reloads instead of ending it, as the
  /// default action of SIGHUP would.
  @Test func aSighupAsSoonAsItListensReloads() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--watch-interval", "0"], expectFailure: true)
    defer { server.process.kill() }
    try await waitUntil(timeout: 20, interval: 0.001, "the listening line") {
      server.output.contains("listening on")
    }
    server.signal(SIGHUP)
    try await waitUntil(timeout: 20, "the reload") { server.output.contains("SIGHUP: ") }
    #expect(server.process.isRunning, "\(server.output)")
    #expect(server.output.contains("SIGHUP: reloading the site"))
  }

  @Test func deletingTheAssociationFileIsAWarning() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--watch-interval", "0.2", "--settle-time", "0.3"])
    try FileManager.default.removeItem(
      atPath: site.site + "/.well-known/apple-app-site-association")
    try await waitUntil(timeout: 10, "the warning") {
      server.output.contains(
        "warning /.well-known/apple-app-site-association was deleted")
    }
    #expect(
      try await CurlResponse(curl([], server.url("/.well-known/apple-app-site-association"))).status
        == 404)
  }
}

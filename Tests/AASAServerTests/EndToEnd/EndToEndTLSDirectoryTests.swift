import Foundation
import TestSupport
import Testing

/// `--tls-dir`: a certificate per name, chosen by SNI, renewed in place under a running server.
@Suite("aasa-serve end to end: certificates by SNI", .programsTimeLimit)
struct EndToEndTLSDirectoryTests {
  let directory: TemporaryDirectory
  let authority: TestAuthority

  init() throws {
    directory = try EndToEndSitesTests.sites([
      "apple.example", "banana.fruit.example", "_default",
    ])
    authority = try TestAuthority(in: directory)
    // lego's layout, certbot's, and the default.
    try writeFlat("apple", commonName: "apple-v1", names: ["apple.example"])
    let fruit = try authority.issue(commonName: "fruit-v1", names: ["*.fruit.example"])
    try directory.write("tls/fruit/fullchain.pem", fruit.chain)
    try directory.write("tls/fruit/privkey.pem", fruit.key)
    try writeFlat("default", commonName: "default-v1", names: ["default.example"])
  }

  /// Writes `tls/NAME.crt` and `tls/NAME.key` in place, as a renewal tool does.
  func writeFlat(
    _ name: String, commonName: String, names: [String], validFor: TimeInterval = 86400
  )
    throws
  {
    let issued = try authority.issue(
      commonName: commonName, names: names, notValidAfter: Date() + validFor)
    try directory.write("tls/\(name).key", issued.key)
    try directory.write("tls/\(name).crt", issued.chain)
  }

  func start(_ extra: [String] = []) async throws -> ServerProcess {
    try await ServerProcess(
      [
        "--sites", directory.path + "/sites", "--tls-dir", directory.path + "/tls", "--port", "0",
        "--watch-interval", "0.2", "--settle-time", "0.5", "--no-access-log",
      ] + extra)
  }

  /// A request for `host`, verified against the test authority: it fails unless the server
  /// presented a certificate naming `host`.
  func get(_ server: ServerProcess, host: String, _ extra: [String] = []) async throws
    -> CurlResponse
  {
    try CurlResponse(
      await curl(
        ["--cacert", authority.file, "--resolve", "\(host):\(server.port):127.0.0.1"] + extra,
        "https://\(host):\(server.port)\(EndToEndSitesTests.aasaPath)"))
  }

  @Test func eachHostGetsTheCertificateNamingIt() async throws {
    let server = try await start()
    #expect(server.output.contains("3 certificate(s)"))
    for (host, app) in [("apple.example", "apple"), ("banana.fruit.example", "banana")] {
      for version in ["--http1.1", "--http2"] {
        let response = try await get(server, host: host, [version])
        #expect(response.status == 200, "\(host) \(version)")
        #expect(response.body == EndToEndSitesTests.aasa(app: app), "\(host) \(version)")
      }
    }
    #expect(
      try await presentedCommonName(port: server.port, serverName: "apple.example") == "apple-v1")
    #expect(
      try await presentedCommonName(port: server.port, serverName: "APPLE.example.") == "apple-v1")
    #expect(
      try await presentedCommonName(port: server.port, serverName: "banana.fruit.example")
        == "fruit-v1")
    // A wildcard covers one label only: neither the parent nor a deeper name.
    #expect(
      try await presentedCommonName(port: server.port, serverName: "fruit.example") == "default-v1")
    #expect(
      try await presentedCommonName(port: server.port, serverName: "a.b.fruit.example")
        == "default-v1")
    #expect(
      try await presentedCommonName(port: server.port, serverName: "other.example") == "default-v1")
    #expect(try await presentedCommonName(port: server.port, serverName: nil) == "default-v1")
  }

  @Test func sitesNoCertificateNamesAreWarnedAboutAndCounted() async throws {
    try directory.write(
      "sites/cherry.example\(EndToEndSitesTests.aasaPath)", EndToEndSitesTests.aasa(app: "cherry"))
    let server = try await start(["--admin", "127.0.0.1:0"])
    let admin = try #require(server.output.firstMatch(of: /admin on (http:\/\/127\.0\.0\.1:\d+)/))
    try await waitUntil(timeout: 10, "the start-up warning") {
      server.output.contains("names the site cherry.example")
    }
    // Covered sites are not named: a wildcard and an exact name cover theirs.
    #expect(!server.output.contains("names the site apple.example"))
    #expect(!server.output.contains("names the site banana.fruit.example"))
    func metrics() async throws -> String {
      try await CurlResponse(curl([], "\(admin.1)/metrics")).body
    }
    let atStart = try await metrics()
    #expect(atStart.contains("aasa_sites_without_certificate 1"), "\(atStart)")
    // Requests are counted per site.
    #expect(try await get(server, host: "apple.example").status == 200)
    let afterRequest = try await metrics()
    #expect(afterRequest.contains(#"site="apple.example""#), "\(afterRequest)")

    // A site added while running is warned about on the reload; a certificate for one clears it.
    try directory.write(
      "sites/date.example\(EndToEndSitesTests.aasaPath)", EndToEndSitesTests.aasa(app: "date"))
    try await waitUntil(timeout: 10, "the warning on reload") {
      server.output.contains("names the site date.example")
    }
    try writeFlat("cherry", commonName: "cherry-v1", names: ["cherry.example", "date.example"])
    try await waitUntil(timeout: 10, "no site without a certificate") {
      try await metrics().contains("aasa_sites_without_certificate 0")
    }
  }

  @Test func aCertificateRenewedUnderLoadIsTakenWithNoFailedRequest() async throws {
    let server = try await start()
    let host = "apple.example"
    let load = RequestLoop(
      ["--cacert", authority.file, "--resolve", "\(host):\(server.port):127.0.0.1"],
      url: "https://\(host):\(server.port)\(EndToEndSitesTests.aasaPath)")
    defer { load.cancel() }
    try await waitUntil(timeout: 10, "requests before the renewal") { load.statuses.count >= 5 }
    try writeFlat("apple", commonName: "apple-v2", names: ["apple.example"])
    try await waitUntil(timeout: 15, "the renewed certificate") {
      try await presentedCommonName(port: server.port, serverName: "apple.example") == "apple-v2"
    }
    let before = load.statuses.count
    try await waitUntil(timeout: 10, "requests after the renewal") {
      load.statuses.count >= before + 5
    }
    await load.stop()
    let seen = load.statuses
    #expect(
      seen.allSatisfy { $0 == 200 }, "\(seen.filter { $0 != 200 }.count) failed of \(seen.count)")
    #expect(server.output.contains("renewed certificate apple"))
  }

  @Test func aBadRenewalKeepsTheOldCertificate() async throws {
    let server = try await start(["--admin", "127.0.0.1:0"])
    let adminPort = try #require(
      server.output.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/).map { Int($0.1)! })
    // A key that belongs to another certificate.
    let other = try authority.issue(commonName: "apple-v2", names: ["apple.example"])
    try directory.write("tls/apple.key", other.key)
    try await waitUntil(timeout: 10, "the refusal") {
      server.output.contains("refusing the new certificate apple")
    }
    #expect(server.output.contains("does not belong to the certificate"))
    #expect(
      try await presentedCommonName(port: server.port, serverName: "apple.example") == "apple-v1")
    #expect(try await get(server, host: "apple.example").status == 200)

    // An expired one, key and all.
    try writeFlat("apple", commonName: "apple-v3", names: ["apple.example"], validFor: -3600)
    try await waitUntil(timeout: 10, "the second refusal") {
      server.output.components(separatedBy: "refusing the new certificate apple").count == 3
    }
    #expect(server.output.contains("expired on"))
    #expect(
      try await presentedCommonName(port: server.port, serverName: "apple.example") == "apple-v1")

    let metrics = try await CurlResponse(curl([], "http://127.0.0.1:\(adminPort)/metrics")).body
    #expect(metrics.contains("aasa_certificate_reload_failures_total 2"), "\(metrics)")
  }

  @Test func aChainOutOfOrderIsRefused() async throws {
    let issued = try authority.issue(commonName: "apple-v2", names: ["apple.example"])
    // The authority first, then the leaf: swapped.
    let blocks = issued.chain.components(separatedBy: "-----END CERTIFICATE-----\n")
    let swapped =
      blocks[1] + "-----END CERTIFICATE-----\n" + blocks[0]
      + "-----END CERTIFICATE-----\n"
    try directory.write("tls/apple.crt", swapped)
    let server = try await start()
    #expect(server.output.contains("not using the certificate apple"))
    #expect(server.output.contains("is out of order"))
    // The others are served; apple.example falls back to the default certificate.
    #expect(
      try await presentedCommonName(port: server.port, serverName: "apple.example") == "default-v1")
  }

  @Test func aFolderWithoutCertificatesStopsStartUp() async throws {
    let empty = try TemporaryDirectory()
    try empty.write("tls/readme.txt", "certificates go here")
    let server = try await ServerProcess(
      ["--root", directory.path + "/sites/apple.example", "--tls-dir", empty.path + "/tls"],
      expectFailure: true)
    #expect(try await server.waitForExit() == 2)
    #expect(server.stderr.text.contains("holds no certificate"))
  }
}

/// Fetches a URL with curl over and over in a task of its own, a new connection (and so a full
/// TLS handshake) each time, and keeps every status, until stopped.
final class RequestLoop: @unchecked Sendable {
  // @unchecked: `seen`, `stopped` and `task` are only touched under `lock`.
  private let lock = NSLock()
  private var seen: [Int] = []
  private var stopped = false
  private var task: Task<Void, Never>?

  init(_ arguments: [String], url: String) {
    let task = Task { [self] in
      while !lock.withLock({ stopped }) && !Task.isCancelled {
        let status = (try? await CurlResponse(curl(arguments, url)).status) ?? 0
        lock.withLock { seen.append(status) }
      }
    }
    lock.withLock { self.task = task }
  }

  /// Stops at once, without waiting: for the way out of a test that failed before ``stop()``.
  func cancel() {
    lock.withLock {
      stopped = true
      task?.cancel()
    }
  }

  var statuses: [Int] { lock.withLock { seen } }

  /// Stops after the request in flight, and waits for it.
  func stop() async {
    let task = lock.withLock {
      stopped = true
      return self.task
    }
    await task?.value
  }
}

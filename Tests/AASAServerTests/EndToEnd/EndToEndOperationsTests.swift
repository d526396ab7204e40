import Foundation
import TestSupport
import Testing

/// What an operator sees: the admin endpoints, the version, and start-up refusals.
@Suite("aasa-serve end to end: operations", .programsTimeLimit)
struct EndToEndOperationsTests {
  let aasaPath = "/.well-known/apple-app-site-association"

  /// The admin port from the start-up report.
  func adminPort(_ server: ServerProcess) throws -> Int {
    let match = try #require(server.output.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/))
    return Int(match.1)!
  }

  func admin(_ port: Int, _ path: String) async throws -> CurlResponse {
    try await CurlResponse(curl([], "http://127.0.0.1:\(port)\(path)"))
  }

  @Test func versionFlag() async throws {
    let result = try await run(BuiltProducts.executable("aasa-serve"), ["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.firstMatch(of: /^\d+\.\d+\.\d+\n$/) != nil, "\(result.stdout)")
  }

  @Test func adminEndpointsReportHealthReadinessAndMetrics() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--self-signed", "--admin", "127.0.0.1:0",
      "--watch-interval", "0.2", "--settle-time", "0.2",
    ])
    let port = try adminPort(server)
    #expect(try await admin(port, "/healthz").status == 200)
    let ready = try await admin(port, "/readyz")
    #expect(ready.status == 200)
    #expect(ready.body == "ready\n")
    #expect(try await admin(port, "/nope").status == 404)

    _ = try await curl(["-k", "--http2"], server.url(aasaPath))
    _ = try await curl(["-k", "--http1.1"], server.url("/missing"))
    // Not TLS at all: a failed handshake.
    _ = try await curl([], "http://127.0.0.1:\(server.port)/")
    let metrics = try await admin(port, "/metrics")
    #expect(metrics.status == 200)
    #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
    for expected in [
      #"aasa_requests_total{status="200",protocol="HTTP/2"} 1"#,
      #"aasa_requests_total{status="404",protocol="HTTP/1.1"} 1"#,
      #"aasa_response_body_bytes_total{protocol="HTTP/2"} \#(Fixtures.aasa.utf8.count)"#,
      "aasa_request_duration_seconds_bucket{le=",
      "aasa_request_duration_seconds_count 2",
      "aasa_open_connections ",
      "aasa_tls_handshakes_total 2",
      #"aasa_tls_handshake_failures_total{reason="not_tls"} 1"#,
      #"aasa_association_file_valid{path="\#(aasaPath)"} 1"#,
      #"aasa_association_file_age_seconds{path="\#(aasaPath)"}"#,
      "aasa_reloads_total 0",
      "aasa_log_lines_dropped_total 0",
    ] {
      #expect(metrics.body.contains(expected), "\(expected)")
    }

    // A broken edit: the last good version is served, but the site is no longer ready.
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    try await waitUntil(timeout: 10, "/readyz to fail") {
      try await admin(port, "/readyz").status == 503
    }
    #expect(try await admin(port, "/readyz").body.contains("invalid: \(aasaPath)"))
    let after = try await admin(port, "/metrics").body
    #expect(after.contains(#"aasa_association_file_valid{path="\#(aasaPath)"} 0"#))
    #expect(after.contains("aasa_reload_failures_total 1"))
    #expect(try await CurlResponse(curl(["-k"], server.url(aasaPath))).body == Fixtures.aasa)
  }

  @Test func readinessFailsWhileDraining() async throws {
    let site = try TemporaryDirectory.standardSite()
    let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
    // Far more than the socket buffers hold at 2 MB/s: the server is still writing when the
    // shutdown timeout cuts it, so it drains for the whole 5 s.
    try site.write("site/big.bin", try #require(try random.read(upToCount: 32 << 20)))
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--admin", "127.0.0.1:0", "--max-file-size", "100000000",
      "--shutdown-timeout", "5",
    ])
    let port = try adminPort(server)
    // A slow download keeps the server draining for a while after SIGTERM.
    let download = try SpawnedProcess(
      ExecutableLookup.require("curl"),
      ["-s", "-o", "/dev/null", "--limit-rate", "2M", server.url("/big.bin")])
    // Killed at the end; SpawnedProcess reaps it as it goes away.
    defer { download.kill() }
    try await waitUntil(timeout: 10, "the download to start") {
      server.output.contains("path=/big.bin")
    }
    server.signal(SIGTERM)
    try await waitUntil(timeout: 5, "/readyz to say draining") {
      (try? await admin(port, "/readyz"))?.body == "not ready: shutting down\n"
    }
    #expect(try await admin(port, "/healthz").status == 200)
    #expect(try await server.waitForExit(timeout: 15) == 0)
  }

  @Test func startupRefusesWhatWouldFailInProduction() async throws {
    // No association file: the wrong folder, most likely.
    let empty = try TemporaryDirectory()
    try empty.write("site/index.html", "<p>hi</p>")
    let noAssociation = try await ServerProcess(
      ["--root", empty.site, "--port", "0"], expectFailure: true)
    #expect(try await noAssociation.waitForExit() == 2)
    #expect(noAssociation.stderr.text.contains("no association file in \(empty.site)"))

    // An association file that cannot be served (here, a FIFO: root reads any file).
    let site = try TemporaryDirectory.standardSite()
    let aasa = site.site + aasaPath
    try FileManager.default.removeItem(atPath: aasa)
    try System.makeFIFO(at: aasa, permissions: 0o644)
    let unreadable = try await ServerProcess(
      ["--root", site.site, "--port", "0"], expectFailure: true)
    #expect(try await unreadable.waitForExit() == 1)
    #expect(unreadable.stderr.text.contains("cannot serve \(aasa)"), "\(unreadable.stderr.text)")
  }

  @Test func listenErrorsSayWhatToDo() async throws {
    let site = try TemporaryDirectory.standardSite()
    let first = try await ServerProcess(["--root", site.site, "--port", "0"])
    let taken = try await ServerProcess(
      ["--root", site.site, "--port", "\(first.port)"], expectFailure: true)
    #expect(try await taken.waitForExit() == 2)
    let message = taken.stderr.text
    #expect(message.contains("already in use"), "\(message)")
    for swiftInternal in ["errno", "bind(", "IOError", "descriptor"] {
      #expect(!message.contains(swiftInternal), "\(message)")
    }

    // The same, with --log-format json: one JSON object on stderr.
    let json = try await ServerProcess(
      ["--root", site.site, "--port", "\(first.port)", "--log-format", "json"],
      expectFailure: true)
    #expect(try await json.waitForExit() == 2)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stderr.text.utf8)) as? [String: Any])
    #expect(object["level"] as? String == "critical")
    #expect((object["message"] as? String)?.contains("already in use") == true)
    #expect(object["exit_status"] as? Int == 2)
  }

  @Test(
    .enabled(
      if: System.isRoot && ExecutableLookup.path(of: "setpriv") != nil,
      "needs root and util-linux's setpriv (Linux) to drop privileges"))
  func aLowPortWithoutThePrivilegeNamesTheCapability() async throws {
    let site = try TemporaryDirectory.standardSite()
    // The unprivileged user must be able to read the site.
    for path in [site.path, site.site, site.site + "/.well-known", site.site + "/docs"] {
      try System.setPermissions(of: path, to: 0o755)
    }
    let result = try await run(
      try ExecutableLookup.require("setpriv"),
      [
        "--reuid=65534", "--regid=65534", "--clear-groups", BuiltProducts.executable("aasa-serve"),
        "--root", site.site, "--port", "443",
      ], timeout: 20)
    #expect(result.status == 2)
    #expect(result.stderr.contains("cap_net_bind_service"), "\(result.stderr)")
    #expect(result.stderr.contains("CAP_NET_BIND_SERVICE"), "\(result.stderr)")
  }
}

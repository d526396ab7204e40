import Foundation
import TestSupport
import Testing

/// Start-up, reload, signals and limits, against the real process.
@Suite("aasa-serve end to end: lifecycle", .programsTimeLimit)
struct EndToEndLifecycleTests {
  let aasaPath = "/.well-known/apple-app-site-association"

  @Test func plainHTTPSaysSo() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0"])
    #expect(server.scheme == "http")
    #expect(server.output.contains("plain HTTP, no TLS"))
    #expect(server.output.contains("try: curl -i http://127.0.0.1:\(server.port)\(aasaPath)"))
    let response = try await CurlResponse(curl([], server.url(aasaPath)))
    #expect(response.status == 200)
    #expect(response.body == Fixtures.aasa)
  }

  @Test func selfSignedServesHTTPSAndH2() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0", "--self-signed"])
    #expect(server.scheme == "https")
    #expect(server.output.contains("try: curl -i -k https://127.0.0.1:\(server.port)\(aasaPath)"))
    let response = try await CurlResponse(curl(["-k", "--http2"], server.url(aasaPath)))
    #expect(response.httpVersion == "HTTP/2")
    #expect(response.body == Fixtures.aasa)
    let transcript = try await tlsHandshakeTranscript(port: server.port, alpn: "h2")
    #expect(transcript.contains("ALPN protocol: h2"), "\(transcript)")
  }

  @Test func invalidAssociationFileStopsStartup() async throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    let server = try await ServerProcess(["--root", site.site, "--port", "0"], expectFailure: true)
    let status = try await server.waitForExit()
    #expect(status == 1)
    let errors = server.stderr.text
    #expect(errors.contains("\(site.site)/.well-known/apple-app-site-association:1:"))
    #expect(errors.contains(": error: "))
    #expect(errors.contains("[AASA"))
    #expect(errors.contains("--allow-invalid"))
    #expect(!server.output.contains("listening on"))
  }

  @Test func allowInvalidServesItAnyway() async throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    let server = try await ServerProcess(["--root", site.site, "--port", "0", "--allow-invalid"])
    #expect(server.output.contains("error:"))
    let response = try await CurlResponse(curl([], server.url(aasaPath)))
    #expect(response.status == 200)
    #expect(response.body == Fixtures.brokenAASA)
  }

  @Test func badCertificatesAreClearErrors() async throws {
    let site = try TemporaryDirectory.standardSite()
    let (certificate, key) = try site.writeCertificate()
    let other = try TemporaryDirectory()
    let (_, otherKey) = try other.writeCertificate()
    let garbage = try site.write("tls/garbage.pem", "hello")
    let cases: [([String], String)] = [
      (["--tls-cert", garbage, "--tls-key", key], "garbage.pem"),
      (["--tls-cert", certificate, "--tls-key", garbage], "is not a PEM private key"),
      (["--tls-cert", certificate, "--tls-key", otherKey], "does not belong to the certificate"),
      (["--tls-cert", site.path + "/missing.pem", "--tls-key", key], "no such file"),
    ]
    for (flags, expected) in cases {
      let server = try await ServerProcess(
        ["--root", site.site, "--port", "0"] + flags, expectFailure: true)
      #expect(try await server.waitForExit() == 2)
      let errors = server.stderr.text
      #expect(errors.hasPrefix("aasa-serve: "), "\(errors)")
      #expect(errors.contains(expected), "\(errors)")
      #expect(!errors.contains("Fatal error"))
      #expect(errors.split(separator: "\n").count <= 2, "\(errors)")
    }
  }

  @Test func usageErrorsExitWithTwo() async throws {
    let site = try TemporaryDirectory.standardSite()
    for flags in [
      ["--tls-cert", "x.pem"], ["--self-signed", "--tls-cert", "a", "--tls-key", "b"],
      ["--port", "70000"], ["--bogus"],
    ] {
      let result = try await run(
        BuiltProducts.executable("aasa-serve"), ["--root", site.site] + flags)
      #expect(result.status == 2, "\(flags)")
    }
    #expect(try await run(BuiltProducts.executable("aasa-serve"), ["--help"]).status == 0)
  }

  @Test func brokenUpdateKeepsTheLastGoodAndAGoodOneIsTaken() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--watch-interval", "0.2"])
    // Half-written: the last good version keeps being served and the error is logged.
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    try await waitUntil(timeout: 10, "the refusal in the log") {
      server.output.contains("refusing the new version of \(aasaPath)")
    }
    #expect(server.output.contains(":1:"))
    for path in [aasaPath, "/apple-app-site-association"] {
      let response = try await CurlResponse(curl([], server.url(path)))
      #expect(response.status == 200)
      #expect(response.body == Fixtures.aasa)
    }
    // Completed: the new version is swapped in.
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.aasaUpdated)
    try await waitUntil(timeout: 10, "the new version to be served") {
      try await CurlResponse(curl([], server.url(aasaPath))).body == Fixtures.aasaUpdated
    }
    #expect(
      try await CurlResponse(curl([], server.url("/apple-app-site-association"))).body
        == Fixtures.aasaUpdated)
    // Ordinary files are reloaded too, and new ones appear.
    try site.write("site/fresh.txt", "fresh")
    try await waitUntil(timeout: 10, "a new file to appear") {
      try await CurlResponse(curl([], server.url("/fresh.txt"))).status == 200
    }
  }

  @Test func sighupReloadsAtOnce() async throws {
    let site = try TemporaryDirectory.standardSite()
    // Watching off: only SIGHUP can make the change visible.
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0",
    ])
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.aasaUpdated)
    try await Task.sleep(for: .seconds(0.3))
    #expect(try await CurlResponse(curl([], server.url(aasaPath))).body == Fixtures.aasa)
    server.signal(SIGHUP)
    try await waitUntil(timeout: 10, "SIGHUP to reload") {
      try await CurlResponse(curl([], server.url(aasaPath))).body == Fixtures.aasaUpdated
    }
    // A broken file on SIGHUP is refused too.
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    server.signal(SIGHUP)
    try await waitUntil(timeout: 10, "the refusal") {
      server.output.contains("refusing the new version")
    }
    #expect(try await CurlResponse(curl([], server.url(aasaPath))).body == Fixtures.aasaUpdated)
  }

  @Test func sigtermShutsDownGracefully() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0"])
    #expect(try await CurlResponse(curl([], server.url(aasaPath))).status == 200)
    server.signal(SIGTERM)
    #expect(try await server.waitForExit(timeout: 15) == 0)
    #expect(server.output.contains("shutting down"))
    #expect(server.output.contains("stopped"))
    // The port is closed.
    await #expect(throws: (any Error).self) {
      try await rawExchange(port: server.port, "GET / HTTP/1.1\r\n\r\n")
    }
  }

  @Test func sigintFinishesAnInFlightRequest() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0"])
    // Open a connection and send half a request head; the server must let it finish.
    let connection = try await RawConnection.open(port: server.port)
    defer { connection.close() }
    await connection.send("GET /.well-known/apple-app-site-association HTTP/1.1\r\nHost: x\r\n")
    try await Task.sleep(for: .milliseconds(300))
    server.signal(SIGINT)
    try await Task.sleep(for: .milliseconds(300))
    await connection.send("\r\n")
    let response = await connection.answer(timeout: 5).text
    #expect(response.hasPrefix("HTTP/1.1 200 OK"))
    #expect(response.lowercased().contains("connection: close"))
    #expect(response.hasSuffix(Fixtures.aasa))
    #expect(try await server.waitForExit(timeout: 15) == 0)
  }

  @Test func rawRequestsCurlWouldNormalise() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(["--root", site.site, "--port", "0"])
    let attempts: [[UInt8]] = [
      Array("GET /../outside/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET /.well-known/..\\..\\outside\\secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET ../outside/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET http://x/../outside/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET /%c0%ae%c0%ae/outside/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET /%2e%2e/%2e%2e/outside/secret.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
      Array("GET /.well-known/apple-app-site-association%00.txt HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
    ]
    for request in attempts {
      let response = try await rawExchange(port: server.port, request + Array("".utf8), timeout: 3)
      let statusLine = response.split(separator: "\r\n").first.map(String.init) ?? "(closed)"
      #expect(
        statusLine.hasPrefix("HTTP/1.1 400") || statusLine.hasPrefix("HTTP/1.1 404")
          || response.isEmpty,
        "\(String(decoding: request, as: UTF8.self)) -> \(statusLine)")
      #expect(!response.contains("SECRET"))
    }
    // Pipelined requests are answered in order on one connection.
    let pipelined = try await rawExchange(
      port: server.port,
      "GET /style.css HTTP/1.1\r\nHost: x\r\n\r\nHEAD /index.html HTTP/1.1\r\nHost: x\r\n\r\n"
        + "GET /missing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    // Bodies are not followed by a line break, so find status lines anywhere.
    let statuses = pipelined.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.1) }
    #expect(statuses == ["200", "200", "404"])
  }

  @Test func boundedResources() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--header-timeout", "1", "--idle-timeout", "2",
      "--max-header-size", "2048", "--max-connections", "2",
    ])
    // A head larger than the limit gets 431 and the connection closes.
    let huge = try await rawExchange(
      port: server.port,
      "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 4096))\r\n\r\n")
    #expect(huge.hasPrefix("HTTP/1.1 431"))

    // A client trickling its head is cut off after the header timeout (1 s). Without the cut the
    // answer would wait for 60 s of silence: the bound only tells the two apart.
    let started = ContinuousClock.now
    let slow = try await rawExchange(port: server.port, "GET / HTTP/1.1\r\nHost:", timeout: 60)
    let elapsed = ContinuousClock.now - started
    #expect(slow.isEmpty)
    #expect(elapsed < .seconds(50), "closed after \(elapsed)")

    // Past the connection limit, connections are closed at once.
    let first = try await RawConnection.open(port: server.port)
    let second = try await RawConnection.open(port: server.port)
    defer {
      first.close()
      second.close()
    }
    try await Task.sleep(for: .seconds(0.2))
    let third = try await rawExchange(
      port: server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n", timeout: 3)
    #expect(third.isEmpty)
    first.close()
    second.close()
    try await Task.sleep(for: .seconds(0.3))
    let afterwards = try await rawExchange(
      port: server.port, "GET /style.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    #expect(afterwards.hasPrefix("HTTP/1.1 200"))
  }

  @Test func jsonAccessLog() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--log-format", "json",
    ])
    _ = try await curl(["-A", "json-probe"], server.url("/style.css"))
    try await waitUntil(timeout: 15, "the JSON access line") {
      server.output.contains("json-probe")
    }
    let line = try #require(
      server.output.split(separator: "\n").first { $0.contains("json-probe") })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(object["message"] as? String == "request")
    #expect(object["method"] as? String == "GET")
    #expect(object["path"] as? String == "/style.css")
    #expect(object["status"] as? Int == 200)
    #expect(object["bytes"] as? Int == 21)
    #expect(object["user_agent"] as? String == "json-probe")
    #expect(object["duration_ms"] is Double)
    // Every line on stdout is JSON, start-up lines included; the listing is fields, not text.
    var listed: [String: Any] = [:]
    for line in server.output.split(separator: "\n") {
      let record = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect(record != nil, "\(line)")
      #expect((record?["message"] as? String)?.hasPrefix(" ") != true, "\(line)")
      if record?["message"] as? String == "file", let path = record?["path"] as? String {
        listed[path] = record
      }
    }
    let aasa = try #require(listed["/.well-known/apple-app-site-association"] as? [String: Any])
    #expect(aasa["validated"] as? String == "true")
    #expect(aasa["bytes"] as? Int == Fixtures.aasa.utf8.count)
    #expect((listed["/style.css"] as? [String: Any])?["content_type"] as? String != nil)
  }
}

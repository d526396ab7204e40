import Foundation
import TestSupport
import Testing

/// The real `aasa-lint check` binary, spawned as a process against real HTTPS servers.
@Suite struct CheckCommandTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  static var executable: String { BuiltProducts.executable("aasa-lint") }

  func run(_ arguments: [String], standardInput: String? = nil) async throws -> ProcessResult {
    try await ChildProcess.run(
      Self.executable, ["check"] + arguments + ["--color", "never"], stdin: standardInput)
  }

  @Test func theExecutableIsFound() {
    #expect(FileManager.default.isExecutableFile(atPath: Self.executable), "\(Self.executable)")
  }

  @Test func aCorrectSiteExitsZero() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      try await run(
        [
          server.url, "--ca-file", certificate.certificatePath, "--path", "/albums/1", "--paths",
          "-",
        ],
        standardInput: "# paths that must open the app\n\n/albums/9\n")
    }
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("pass  tls-chain"))
    #expect(result.stdout.contains("routes on the live file"))
    #expect(result.stdout.contains("/albums/1"))
    #expect(result.stdout.contains("/albums/9"))
    #expect(result.stdout.contains("pass  route            all 2 paths open an app"))
    #expect(result.stdout.hasSuffix("result: pass\n"))
  }

  @Test func aRedirectExitsOneAndShowsTheLocation() async throws {
    let routes = Fixtures.site(
      serving: .init(status: .found, headers: [("Location", "https://elsewhere.example/aasa")]))
    let result = try await withServer(certificate: certificate, routes: routes) { server in
      try await run([server.url, "--ca-file", certificate.certificatePath])
    }
    #expect(result.status == 1)
    #expect(result.stdout.contains("fail  redirect"))
    #expect(result.stdout.contains("https://elsewhere.example/aasa"))
  }

  @Test func aSelfSignedCertificateWithoutCAFileExitsOne() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in try await run([server.url])
    }
    #expect(result.status == 1)
    #expect(result.stdout.contains("fail  tls-chain"))
  }

  @Test func lintDiagnosticsAreRenderedWithTheURLAsFileName() async throws {
    let routes = Fixtures.site(serving: .json("{\"applinks\": {\"details\": [}"))
    let result = try await withServer(certificate: certificate, routes: routes) { server in
      (server.url, try await run([server.url, "--ca-file", certificate.certificatePath]))
    }
    #expect(result.1.status == 1)
    #expect(
      result.1.stdout.contains("\(result.0)/.well-known/apple-app-site-association:1:"))
  }

  @Test func jsonFormatIsOneObject() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      try await run([
        server.url, "--ca-file", certificate.certificatePath, "--format", "json", "--path",
        "/albums/2",
      ])
    }
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "pass")
    let requirements = try #require(object["requirements"] as? [[String: Any]])
    #expect(
      requirements.contains {
        $0["name"] as? String == "tls-chain" && $0["status"] as? String == "pass"
      })
    #expect((object["routes"] as? [Any])?.count == 1)
    #expect(object["diagnostics"] is [Any])
  }

  @Test func aRefusedConnectionExitsOneWithoutAStackTrace() async throws {
    let refused = try RefusedPort()
    defer { withExtendedLifetime(refused) {} }
    let port = refused.port
    let result = try await run(["https://127.0.0.1:\(port)", "--timeout", "5"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("fail  connection"))
    #expect(result.stdout.contains("refused"))
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func aSlowSiteTimesOut() async throws {
    var slow = StubHTTPS.Answer.json(Fixtures.association)
    slow.delay = .seconds(10)
    let result = try await withServer(
      certificate: certificate, routes: Fixtures.site(serving: slow)
    ) {
      server in
      try await run([server.url, "--ca-file", certificate.certificatePath, "--timeout", "1"])
    }
    #expect(result.status == 1)
    #expect(result.stdout.contains("timed out"))
  }

  @Test(arguments: [
    ["http://example.com"], ["https://"],
    ["https://example.com", "--ca-file", "/no/such/file.pem"],
    ["https://example.com", "--timeout", "0"],
    ["https://example.com", "--connect-to", "example.com:443"],
    ["https://example.com", "--connect-to", "www.example.com:443:127.0.0.1:8443"],
    ["https://example.com", "--cdn-base", "ftp://mirror.example"],
    ["https://example.com", "--expect", "/no/such/routes.tsv"],
    ["https://example.com", "--paths", "-", "--expect", "-"],
    ["https://example.com", "--format", "xml"],
  ])
  func usageErrorsExitTwo(arguments: [String]) async throws {
    let result = try await run(arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(!result.stderr.isEmpty)
  }
}

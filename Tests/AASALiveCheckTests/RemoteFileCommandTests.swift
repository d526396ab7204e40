import Foundation
import TestSupport
import Testing

/// `aasa-lint https://…` run as a process: the live file is fetched as Apple fetches it, then
/// linted and routed like a local one, for the host it came from.
@Suite struct RemoteFileCommandTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try await TestCertificate.selfSigned(in: directory)
  }

  private func lint(_ routes: @escaping TestHTTPSServer.Routes, _ arguments: [String])
    async throws -> ProcessResult
  {
    try await withServer(certificate: certificate, routes: routes) { server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        arguments.map { $0.replacing("SERVER", with: server.url) }
          + ["--ca-file", certificate.certificatePath, "--color", "never"])
    }
  }

  @Test func aLiveFileIsLintedAndRouted() async throws {
    let result = try await lint(
      Fixtures.correctSite,
      [
        "SERVER/.well-known/apple-app-site-association", "/albums/1", "SERVER/account/x",
        "https://other.example/albums/1",
      ])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("/.well-known/apple-app-site-association: no problems"))
    let lines = result.stdout.split(separator: "\n")
    #expect(
      lines.contains {
        $0.hasPrefix("/albums/1 ") && $0.contains("→  D3KQX62K1A.com.example.photoapp")
      })
    #expect(lines.contains { $0.contains("/account/x ") && $0.contains("→  blocked") })
    #expect(
      lines.contains { $0.contains("the host other.example is not this site's") },
      "the fetched file's host is the site")
  }

  @Test func aLiveFileWithAnErrorFailsLikeALocalOne() async throws {
    let result = try await lint(
      Fixtures.site(serving: .json(Fixtures.associationWithALintError)),
      ["SERVER/.well-known/apple-app-site-association"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("[AASA103]"))
  }

  @Test func aFileApplesFetcherWouldNotGetIsAClearError() async throws {
    let result = try await lint(
      { _ in .notFound }, ["SERVER/.well-known/apple-app-site-association"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("cannot fetch"))
    #expect(result.stdout.isEmpty)
  }
}

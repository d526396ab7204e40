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
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  private func lint(_ routes: @escaping StubHTTPS.PathRoutes, _ arguments: [String])
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

  /// Issue 40 item 18: `--grants` on a fetched assetlinks.json follows its `include` statements
  /// as `check` does, so the answer is definite ("granted by … the included list"), where it
  /// said "not checked: the included list …".
  @Test func grantsOnAFetchedFileFollowItsIncludes() async throws {
    let fingerprint =
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    let routes: StubHTTPS.HostRoutes = { host, target in
      switch target {
      case "/.well-known/assetlinks.json":
        .json(#"[{"include": "https://\#(host)/team/assetlinks.json"}]"#)
      case "/team/assetlinks.json": .json(Fixtures.assetLinks)
      default: .notFound
      }
    }
    let server = try await StubHTTPS.start(certificate: certificate, hostRoutes: routes)
    let included = "\(server.url)/team/assetlinks.json"
    func lint(_ package: String) async throws -> ProcessResult {
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "\(server.url)/.well-known/assetlinks.json", "--grants", "\(package):\(fingerprint)",
          "--ca-file", certificate.certificatePath, "--color", "never",
        ])
    }
    let granted = try await lint("com.example.photoapp")
    let other = try await lint("com.example.other")
    await server.stop()
    #expect(granted.status == 0, "\(granted.stdout)\(granted.stderr)")
    #expect(
      granted.stdout.contains("yes: granted by statement [0] of the included list \(included)"),
      "\(granted.stdout)")
    #expect(!granted.stdout.contains("not checked"), "\(granted.stdout)")
    #expect(other.status == 1, "\(other.stdout)\(other.stderr)")
    // The packages named are the included list's too.
    #expect(
      other.stdout.contains(
        "no: no statement names the package com.example.other; it names com.example.photoapp"),
      "\(other.stdout)")
    #expect(!other.stdout.contains("not checked"), "\(other.stdout)")
  }
}

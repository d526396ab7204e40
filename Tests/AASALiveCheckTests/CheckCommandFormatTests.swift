import Foundation
import TestSupport
import Testing

/// `aasa-lint check` run as a process: every output format carries every finding, expectation
/// mismatches and failing paths included, and the exit status says whether anything failed.
@Suite struct CheckCommandFormatTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  /// A site whose file is gzip-encoded and has one lint error; a table with one mismatch (line 3).
  func runOnABrokenSite(_ format: String) async throws -> (url: String, result: ProcessResult) {
    let table = try directory.write(
      "routes.tsv",
      "# pinned\n/albums/1\tD3KQX62K1A.com.example.photoapp\n/help\tD3KQX62K1A.com.example.photoapp\n"
    )
    let routes = Fixtures.site(
      serving: Fixtures.encoded(Compression.gzip(Fixtures.associationWithALintError), as: "gzip"))
    return try await withServer(certificate: certificate, routes: routes) { server in
      let result = try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", server.url, "--ca-file", certificate.certificatePath, "--expect", table,
          "--path", "/nowhere", "--format", format, "--color", "never",
        ])
      return (server.url, result)
    }
  }

  @Test func textNamesTheMismatchTheFailingPathAndTheLintError() async throws {
    let (url, result) = try await runOnABrokenSite("text")
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stdout.contains("pass  content-encoding gzip"))
    #expect(result.stdout.contains("\(url)/.well-known/apple-app-site-association:1:"))
    #expect(result.stdout.contains("[AASA103]"))
    #expect(result.stdout.contains("fail  route            /nowhere: no app"))
    #expect(result.stdout.contains("fail  expect           "))
    #expect(
      result.stdout.contains(
        "routes.tsv:3: /help: expected D3KQX62K1A.com.example.photoapp, got none"))
    #expect(result.stdout.hasSuffix("result: fail (3 failed)\n"), "\(result.stdout)")
  }

  @Test func jsonCarriesTheExpectations() async throws {
    let (_, result) = try await runOnABrokenSite("json")
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let expectations = try #require(object["expectations"] as? [String: Any])
    #expect(expectations["met"] as? Int == 1)
    #expect(expectations["failed"] as? Int == 1)
    let requirements = try #require(object["requirements"] as? [[String: Any]])
    let expect = try #require(requirements.first { $0["name"] as? String == "expect" })
    #expect(expect["status"] as? String == "fail")
    #expect(expect["line"] as? Int == 3)
    #expect(
      requirements.contains {
        $0["name"] as? String == "route" && $0["status"] as? String == "fail"
      })
    #expect((object["diagnostics"] as? [Any])?.count == 1)
  }

  @Test func sarifHasAResultForEveryFinding() async throws {
    let (url, result) = try await runOnABrokenSite("sarif")
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    let results = try #require(run["results"] as? [[String: Any]])
    let ruleIDs = results.compactMap { $0["ruleId"] as? String }
    // The `lint` line only counts the diagnostics, which are results of their own.
    #expect(Set(ruleIDs) == ["AASA103", "check/route", "check/expect"])
    func location(_ id: String) -> [String: Any]? {
      let result = results.first { $0["ruleId"] as? String == id }
      let locations = result?["locations"] as? [[String: Any]]
      return locations?.first?["physicalLocation"] as? [String: Any]
    }
    let expectLocation = try #require(location("check/expect"))
    #expect(
      (expectLocation["artifactLocation"] as? [String: Any])?["uri"] as? String
        == directory.file("routes.tsv"))
    #expect((expectLocation["region"] as? [String: Any])?["startLine"] as? Int == 3)
    let lintLocation = try #require(location("AASA103"))
    #expect(
      (lintLocation["artifactLocation"] as? [String: Any])?["uri"] as? String
        == "\(url)/.well-known/apple-app-site-association")
    #expect((lintLocation["region"] as? [String: Any])?["startLine"] as? Int == 1)
    let rules = try #require(
      ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [Any])
    #expect(rules.count == 3)
  }

  @Test func githubAnnotatesTheTableLineAndNamesEveryFinding() async throws {
    let (url, result) = try await runOnABrokenSite("github")
    #expect(result.status == 1)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let table = directory.file("routes.tsv").replacing(":", with: "%3A")
    #expect(
      lines.contains { $0.hasPrefix("::error file=\(table),line=3,title=check expect::") },
      "\(lines)")
    #expect(
      lines.contains { $0.hasPrefix("::error title=check route::") && $0.contains("/nowhere") })
    #expect(
      lines.contains {
        $0.hasPrefix("::warning title=AASA103") || $0.hasPrefix("::error title=AASA103")
      })
    #expect(lines.contains { $0.contains("\(url)/.well-known/apple-app-site-association:1:") })
    #expect(lines.last == "result: fail (3 failed)")
  }

  @Test func aCorrectSiteInSarifHasNoResultsAndExitsZero() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        ["check", server.url, "--ca-file", certificate.certificatePath, "--format", "sarif"])
    }
    #expect(result.status == 0, "\(result.stdout)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    #expect((run["results"] as? [Any])?.isEmpty == true)
  }

  @Test func aMalformedExpectTableIsAUsageErrorWithItsLine() async throws {
    let table = try directory.write("bad.tsv", "/albums/1 D3KQX62K1A.com.example.photoapp\n")
    let result = try await ChildProcess.run(
      CheckCommandTests.executable, ["check", "https://127.0.0.1:1", "--expect", table])
    #expect(result.status == 2)
    #expect(result.stderr.contains("bad.tsv:1:"))
    #expect(result.stdout.isEmpty)
  }

  @Test func cdnAndConnectToWorkFromTheCommandLine() async throws {
    let result = try await withServer(
      certificate: certificate,
      routes: { path in
        path == "/a/v1/localhost" ? .json(Fixtures.association) : Fixtures.correctSite(path)
      }
    ) { server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", "https://localhost", "--connect-to", "localhost:443:127.0.0.1:\(server.port)",
          "--cdn-base", "\(server.url)/a/v1", "--ca-file", certificate.certificatePath,
          "--color", "never",
        ])
    }
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("for localhost:443, in place of its own address"))
    #expect(result.stdout.contains("https://localhost/.well-known/apple-app-site-association"))
    #expect(result.stdout.contains("pass  cdn              the same as the origin's"))
  }
}

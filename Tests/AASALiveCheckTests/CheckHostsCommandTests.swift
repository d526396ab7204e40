import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `aasa-lint check --hosts`, `--no-cdn` and `--user-agent`, run as a process against real HTTPS
/// servers on 127.0.0.1.
@Suite struct CheckHostsCommandTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(in: directory)
  }

  func run(_ arguments: [String]) async throws -> ProcessResult {
    try await ChildProcess.run(
      CheckCommandTests.executable, ["check"] + arguments + ["--color", "never"])
  }

  @Test func everyHostIsCheckedIntoOneTable() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      good in
      try await withServer(certificate: certificate, routes: Fixtures.site(serving: .notFound)) {
        bad in
        let list = try directory.write(
          "hosts.txt", "# client sites\n\(good.url)\n\n127.0.0.1:\(bad.port)\n")
        return try await run(["--hosts", list, "--ca-file", certificate.certificatePath])
      }
    }
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(result.stdout)")
    #expect(lines.first?.hasPrefix("host") == true)
    #expect(lines[1].contains("pass    info"), "\(lines[1])")
    #expect(lines[2].contains("fail    info") && lines[2].hasSuffix("status"), "\(lines[2])")
    #expect(lines.last == "result: fail (1 of 2 hosts failed)")
  }

  @Test func hostsAsJSONAreOneDocument() async throws {
    let result = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      let list = try directory.write("hosts.txt", "\(server.url)\n")
      return try await run([
        "--hosts", list, "--ca-file", certificate.certificatePath, "--format", "json",
      ])
    }
    #expect(result.status == 0, "\(result.stderr)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect((object["hosts"] as? [String])?.count == 1)
    #expect((object["sites"] as? [[String: Any]])?.count == 1)
    #expect(object["status"] as? String == "pass")
  }

  @Test func aHostsListThatIsNotHostsIsAUsageError() async throws {
    let list = try directory.write("hosts.txt", "ftp://example.com\n")
    let result = try await run(["--hosts", list])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("--hosts \(list): ftp://example.com is not a site to check"))
    let both = try await run(["https://example.com", "--hosts", list])
    #expect(both.status == 2)
  }

  @Test func noCDNLeavesTheCDNOutAndTheUserAgentIsSent() async throws {
    let seen = AgentLog()
    let result = try await withServer(
      certificate: certificate,
      requestRoutes: { request in
        seen.add(request.userAgent ?? "")
        return Fixtures.correctSite(request.path)
      }
    ) { server in
      try await run([
        server.url, "--ca-file", certificate.certificatePath, "--no-cdn", "--user-agent",
        "ExampleMonitor/2.1",
      ])
    }
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(!result.stdout.contains("cdn"))
    #expect(seen.all.filter { $0 == "ExampleMonitor/2.1" }.count == 3)
    let withCDN = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in try await run([server.url, "--ca-file", certificate.certificatePath])
    }
    #expect(
      withCDN.stdout.contains(
        "  info  cdn              not asked: 127.0.0.1 is a loopback address, which Apple's CDN cannot reach"
      ), "\(withCDN.stdout)")
  }

  @Test func theHostsUnderAWildcardEntitlementAreChecked() async throws {
    let plist = try PropertyListSerialization.data(
      fromPropertyList: [
        "com.apple.developer.associated-domains": [
          "applinks:*.example.com", "applinks:*.example.org",
        ]
      ], format: .xml, options: 0)
    let file = try EntitlementsFile(path: "App.entitlements", bytes: Array(plist))
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: certificate, app: Fixtures.app)
      options.connectTo = try ConnectTo(parsing: "::127.0.0.1:\(server.port)")
      return await EntitlementsCheck(
        entitlements: file, options: options,
        concreteHosts: [SiteAddress(host: "shop.example.com"), SiteAddress(host: "example.net")]
      ).run()
    }
    #expect(report.sites.map(\.site.host) == ["shop.example.com"])
    #expect(
      report.requirements.map(\.detail).contains(
        "applinks:*.example.com: checks the 1 host given under it"))
    #expect(
      report.requirements.contains {
        $0.status == .info && $0.detail.hasPrefix("applinks:*.example.org: a wildcard domain")
      })
  }
}

import Foundation
import TestSupport
import Testing

/// `links.json` on start-up and reload: a rule set with an error is refused with its
/// FILE:LINE:COLUMN findings and the last good rules keep being answered, as a bad association
/// file keeps the last good file.
@Suite("aasa-serve end to end: links.json reloads", .programsTimeLimit)
struct LinkReloadEndToEndTests {
  static let desktop = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"

  func desktopLocation(_ server: ServerProcess, _ path: String = "/buy/1") async throws -> String? {
    try await CurlResponse(curl(["-A", Self.desktop], server.url(path))).headers["location"]
  }

  @Test func aBadVersionKeepsTheLastGoodRules() async throws {
    let site = try LinkFixtures.site()
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0.2", "--settle-time", "0.2",
    ])
    #expect(try await desktopLocation(server) == LinkFixtures.web)
    try site.write("site/links.json", LinkFixtures.overlapping)
    try await waitUntil(timeout: 10, "the refusal") {
      server.output.contains("refusing the new version of /links.json")
    }
    // The finding names the file, the line and the column of the second rule's path.
    #expect(
      server.output.contains(
        "\(site.site)/links.json:4:13: error: the rule for /buy/1 and the rule for /buy/* at 3:13 can both answer one path [LNK008]"
      ),
      "\(server.output)")
    #expect(server.output.contains("the last good rules keep being answered"))
    #expect(try await desktopLocation(server) == LinkFixtures.web)
    // A good version is taken.
    try site.write("site/links.json", LinkFixtures.moved)
    try await waitUntil(timeout: 10, "the new rules") {
      try await desktopLocation(server) == "https://www.example.com/moved"
    }
    #expect(server.output.contains("reloaded /links.json (1 link rule(s))"))
    // Gone: no link is answered.
    try FileManager.default.removeItem(atPath: site.site + "/links.json")
    try await waitUntil(timeout: 10, "the rules to go") {
      try await CurlResponse(curl(["-A", Self.desktop], server.url("/buy/1"))).status == 404
    }
    #expect(server.output.contains("/links.json was deleted: no link is answered any more"))
  }

  @Test func anAssociationChangeThatUnclaimsTheRulesKeepsThem() async throws {
    let site = try LinkFixtures.site()
    // Apple's file alone: Android's would claim every path.
    try FileManager.default.removeItem(atPath: site.site + "/.well-known/assetlinks.json")
    let server = try await ServerProcess([
      "--root", site.site, "--port", "0", "--watch-interval", "0.2", "--settle-time", "0.2",
    ])
    #expect(try await desktopLocation(server) == LinkFixtures.web)
    // The new file claims /sell/*, no longer /buy/*.
    try site.write("site/.well-known/apple-app-site-association", Fixtures.aasaUpdated)
    try await waitUntil(timeout: 10, "the new association file") {
      server.output.contains("reloaded /.well-known/apple-app-site-association")
    }
    try await waitUntil(timeout: 10, "the rules checked again") {
      server.output.contains(
        "/links.json does not pass against the new association files; the last good rules keep being answered"
      )
    }
    #expect(server.output.contains("[LNK201]"))
    #expect(try await desktopLocation(server) == LinkFixtures.web)
  }

  @Test func aBadFileStopsStartUpWithItsPositions() async throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/links.json", LinkFixtures.overlapping)
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0"], expectFailure: true)
    let status = try await server.waitForExit()
    #expect(status == 1)
    let errors = server.stderr.text
    #expect(errors.contains("aasa-serve: \(site.site)/links.json:4:13: error:"), "\(errors)")
    #expect(errors.contains("refusing to answer links from \(site.site)/links.json"), "\(errors)")
  }

  @Test func aRuleForAWellKnownPathOrAnOpenRedirectIsRefused() async throws {
    for (links, code) in [
      (#"{"rules": [{"path": "/.well-known/*", "web": "https://www.example.com/"}]}"#, "LNK007"),
      (
        #"{"rules": [{"path": "/buy/*", "web": "https://www.example.com@evil.example/"}]}"#,
        "LNK102"
      ),
      (#"{"rules": [{"path": "/buy/*", "web": "javascript:alert(1)"}]}"#, "LNK103"),
    ] {
      let site = try TemporaryDirectory.standardSite()
      try site.write("site/links.json", links)
      let server = try await ServerProcess(
        ["--root", site.site, "--port", "0"], expectFailure: true)
      #expect(try await server.waitForExit() == 1)
      #expect(server.stderr.text.contains("[\(code)]"), "\(server.stderr.text)")
    }
  }
}

import Foundation
import TestSupport
import Testing

/// aasa-serve's messages: one line per problem, each with its `aasa-serve:` prefix, and nothing
/// from a file or a request reaching the log raw.
@Suite("aasa-serve end to end: messages", .programsTimeLimit)
struct EndToEndMessagesTests {
  static let planted = "x\u{1B}[31mRED\u{07}\r\u{00}\u{202E}gnp"
  static let characters: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{00}", "\u{202E}"]

  static func expectNoRawControls(
    _ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let raw = text.unicodeScalars.filter { characters.contains($0) }
    #expect(raw.isEmpty, "\(what): raw \(raw.map(\.value))", sourceLocation: sourceLocation)
  }

  @Test func aRefusedFileIsOneLinePerProblemEachPrefixed() async throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    let server = try await ServerProcess(["--root", site.site, "--port", "0"], expectFailure: true)
    #expect(try await server.waitForExit() == 1)
    let lines = server.stderr.text.split(separator: "\n")
    #expect(lines.count >= 2)
    for line in lines { #expect(line.hasPrefix("aasa-serve: "), "\(line)") }
    #expect(lines.last?.contains("refusing to serve an invalid association file") == true)
  }

  /// An association file with an error and a warning whose key holds a line feed: the key is the
  /// file's, so its line feed is shown escaped; the lines between findings are aasa-serve's own.
  static let refusedWithLineFeed =
    #"{"applinks": {"details": [{"appIDs": "D3KQX62K1A.com.example.app", "components": [{"/": "/buy/*"}]}]}, "we\nird": 1}"#

  /// Each finding of the refused file and then the refusal, one log line each: the error at
  /// error level, the warning at warning level, the refusal as a line of its own.
  static func expectOneLinePerFinding(
    _ output: String, refusal: String, format: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let lines = output.split(separator: "\n").map(String.init)
    let found = lines.filter { $0.contains("AASA103") || $0.contains("AASA102") }
    let refusals = lines.filter { $0.contains(refusal) }
    #expect(found.count == 2, "\(output)", sourceLocation: sourceLocation)
    #expect(refusals.count == 1, "\(output)", sourceLocation: sourceLocation)
    #expect(
      refusals.allSatisfy { !$0.contains("AASA") }, "\(refusals)", sourceLocation: sourceLocation)
    for line in found {
      #expect(
        !(line.contains("AASA103") && line.contains("AASA102")), "\(line)",
        sourceLocation: sourceLocation)
    }
    switch format {
    case "json":
      var levels: [String: String] = [:]
      for line in found {
        let object = try #require(
          try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
          sourceLocation: sourceLocation)
        let message = try #require(object["message"] as? String, sourceLocation: sourceLocation)
        levels[message.contains("AASA103") ? "AASA103" : "AASA102"] = object["level"] as? String
        if message.contains("AASA102") {
          #expect(message.contains("we\nird"), "\(message)", sourceLocation: sourceLocation)
        }
      }
      #expect(levels == ["AASA103": "error", "AASA102": "warning"], sourceLocation: sourceLocation)
    default:
      // The only escaped line feed is the file's own, in the key it quotes.
      #expect(
        output.components(separatedBy: #"\u{A}"#).count == 2, "\(output)",
        sourceLocation: sourceLocation)
      #expect(
        found.contains { $0.contains(" error ") && $0.contains("AASA103") }, "\(found)",
        sourceLocation: sourceLocation)
      #expect(
        found.contains { $0.contains(" warning ") && $0.contains(#"we\u{A}ird"#) }, "\(found)",
        sourceLocation: sourceLocation)
      #expect(
        refusals.allSatisfy { $0.contains(" error ") }, "\(refusals)",
        sourceLocation: sourceLocation)
    }
  }

  @Test(arguments: ["text", "json"])
  func aRefusedReloadIsOneLogLinePerFindingThenTheRefusal(format: String) async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--watch-interval", "0", "--log-format", format])
    try site.replace("site/.well-known/apple-app-site-association", Self.refusedWithLineFeed)
    server.signal(SIGHUP)
    try await waitUntil(timeout: 20, "the refusal") {
      server.output.contains("refusing the new version")
    }
    try Self.expectOneLinePerFinding(
      server.output, refusal: "refusing the new version", format: format)
  }

  @Test(arguments: ["text", "json"])
  func aRefusedSiteIsOneLogLinePerFindingThenTheRefusal(format: String) async throws {
    let directory = try TemporaryDirectory(label: "sites")
    try directory.write(
      "sites/good.example/.well-known/apple-app-site-association", Fixtures.aasa)
    try directory.write(
      "sites/broken.example/.well-known/apple-app-site-association", Self.refusedWithLineFeed)
    let server = try await ServerProcess(
      ["--sites", directory.path + "/sites", "--port", "0", "--log-format", format])
    try Self.expectOneLinePerFinding(
      server.output, refusal: "not serving the site broken.example", format: format)
  }

  @Test func aRefusedFileAtStartUpKeepsTheFilesLineFeedInItsLine() async throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Self.refusedWithLineFeed)
    let server = try await ServerProcess(["--root", site.site, "--port", "0"], expectFailure: true)
    #expect(try await server.waitForExit() == 1)
    let lines = server.stderr.text.split(separator: "\n")
    // Both findings (the warning's key with its line feed escaped), then the refusal.
    #expect(lines.count == 3, "\(server.stderr.text)")
    #expect(lines.first?.contains("AASA103") == true, "\(server.stderr.text)")
    #expect(lines.dropFirst().first?.contains(#"we\u{A}ird"#) == true, "\(server.stderr.text)")
    #expect(lines.last?.contains("refusing to serve an invalid association file") == true)
  }

  @Test func usageErrorsSpeakInTheServersVoice() async throws {
    let site = try TemporaryDirectory.standardSite()
    let both = try await run(
      BuiltProducts.executable("aasa-serve"), ["--root", site.site, "--sites", site.path])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("aasa-serve: "), "\(both.stderr)")
    #expect(both.stderr.contains("not both"), "\(both.stderr)")
    #expect(!both.stderr.contains("Error:"))
    #expect(!both.stderr.contains("USAGE:"))

    let bogus = try await run(
      BuiltProducts.executable("aasa-serve"), ["--root", site.site, "--bogus"])
    #expect(bogus.status == 2)
    for line in bogus.stderr.split(separator: "\n") {
      #expect(line.hasPrefix("aasa-serve: "), "\(bogus.stderr)")
    }
  }

  @Test func aHostThatDoesNotResolveIsNamed() async throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--host", "nosuchhost.invalid"], expectFailure: true)
    #expect(try await server.waitForExit() == 2)
    #expect(server.stderr.text.contains("does not resolve"), "\(server.stderr.text)")
  }

  @Test(arguments: ["text", "json"])
  func filesAndRequestPathsReachTheLogEscaped(format: String) async throws {
    let site = try TemporaryDirectory.standardSite()
    // A warning-only finding that quotes the planted characters: the file is served, and the
    // finding logged.
    try site.write(
      "site/.well-known/apple-app-site-association",
      #"{"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "/buy/*", "comment": "ok"}]}]}, "#
        + "\"\(Self.planted)\": 1}")
    let server = try await ServerProcess(
      ["--root", site.site, "--port", "0", "--log-format", format, "--allow-invalid"])
    #expect(server.output.contains("gnp"), "\(server.output)")
    // Raw in the request line, and percent-encoded.
    _ = try await rawExchange(
      port: server.port,
      Array(
        "GET /\(Self.planted) HTTP/1.1\r\nHost: x\r\nUser-Agent: \u{1B}[2J\u{202E}\r\n\r\n".utf8))
    _ = try await rawExchange(port: server.port, "GET /%1B%5B31m HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try await curl([], server.url("/%E2%80%AEgnp"))
    try await waitUntil(timeout: 10, "the access lines") {
      server.output.contains("%E2%80%AEgnp") && server.output.contains("%1B%5B31m")
    }
    Self.expectNoRawControls(server.output, "\(format) log")
    Self.expectNoRawControls(server.stderr.text, "\(format) stderr")
  }
}

import Foundation
import TestSupport
import Testing

/// aasa-serve's messages: one line per problem, each with its `aasa-serve:` prefix, and nothing
/// from a file or a request reaching the log raw.
@Suite("aasa-serve end to end: messages", .timeLimit(.minutes(2)))
struct EndToEndMessagesTests {
  static let planted = "x\u{1B}[31mRED\u{07}\r\u{00}\u{202E}gnp"
  static let characters: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{00}", "\u{202E}"]

  static func expectNoRawControls(
    _ text: String, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let raw = text.unicodeScalars.filter { characters.contains($0) }
    #expect(raw.isEmpty, "\(what): raw \(raw.map(\.value))", sourceLocation: sourceLocation)
  }

  @Test func aRefusedFileIsOneLinePerProblemEachPrefixed() throws {
    let site = try TemporaryDirectory.standardSite()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    let server = try ServerProcess(["--root", site.site, "--port", "0"], expectFailure: true)
    #expect(try server.waitForExit() == 1)
    let lines = server.stderr.text.split(separator: "\n")
    #expect(lines.count >= 2)
    for line in lines { #expect(line.hasPrefix("aasa-serve: "), "\(line)") }
    #expect(lines.last?.contains("refusing to serve an invalid association file") == true)
  }

  @Test func usageErrorsSpeakInTheServersVoice() throws {
    let site = try TemporaryDirectory.standardSite()
    let both = try run(
      BuiltProducts.executable("aasa-serve"), ["--root", site.site, "--sites", site.path])
    #expect(both.status == 2)
    #expect(both.stderr.hasPrefix("aasa-serve: "), "\(both.stderr)")
    #expect(both.stderr.contains("not both"), "\(both.stderr)")
    #expect(!both.stderr.contains("Error:"))
    #expect(!both.stderr.contains("USAGE:"))

    let bogus = try run(BuiltProducts.executable("aasa-serve"), ["--root", site.site, "--bogus"])
    #expect(bogus.status == 2)
    for line in bogus.stderr.split(separator: "\n") {
      #expect(line.hasPrefix("aasa-serve: "), "\(bogus.stderr)")
    }
  }

  @Test func aHostThatDoesNotResolveIsNamed() throws {
    let site = try TemporaryDirectory.standardSite()
    let server = try ServerProcess(
      ["--root", site.site, "--port", "0", "--host", "nosuchhost.invalid"], expectFailure: true)
    #expect(try server.waitForExit() == 2)
    #expect(server.stderr.text.contains("does not resolve"), "\(server.stderr.text)")
  }

  @Test(arguments: ["text", "json"])
  func filesAndRequestPathsReachTheLogEscaped(format: String) throws {
    let site = try TemporaryDirectory.standardSite()
    // A warning-only finding that quotes the planted characters: the file is served, and the
    // finding logged.
    try site.write(
      "site/.well-known/apple-app-site-association",
      #"{"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "/buy/*", "comment": "ok"}]}]}, "#
        + "\"\(Self.planted)\": 1}")
    let server = try ServerProcess(
      ["--root", site.site, "--port", "0", "--log-format", format, "--allow-invalid"])
    #expect(server.output.contains("gnp"), "\(server.output)")
    // Raw in the request line, and percent-encoded.
    _ = try rawExchange(
      port: server.port,
      Array(
        "GET /\(Self.planted) HTTP/1.1\r\nHost: x\r\nUser-Agent: \u{1B}[2J\u{202E}\r\n\r\n".utf8))
    _ = try rawExchange(port: server.port, "GET /%1B%5B31m HTTP/1.1\r\nHost: x\r\n\r\n")
    _ = try curl([], server.url("/%E2%80%AEgnp"))
    try waitUntil(timeout: 10, "the access lines") {
      server.output.contains("%E2%80%AEgnp") && server.output.contains("%1B%5B31m")
    }
    Self.expectNoRawControls(server.output, "\(format) log")
    Self.expectNoRawControls(server.stderr.text, "\(format) stderr")
  }
}

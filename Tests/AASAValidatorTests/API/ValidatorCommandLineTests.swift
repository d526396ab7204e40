import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// Issue 45: each answer carries its `aasa-lint` command line (`X-AASA-Command`), derived by the
/// server from the values the run took. The strongest check is to run it: the request's files
/// are written in an empty folder under the names the line gives them, the line is run there by
/// `/bin/sh` with the built `aasa-lint` first on `PATH`, and its output and exit status must be
/// the answer's body and `X-AASA-Exit-Status`, byte for byte.
@Suite(.serialized) struct ValidatorCommandLineTests {
  static func text(_ path: String) throws -> String {
    String(decoding: try readPackageFile(path), as: UTF8.self)
  }

  /// The answer's line, read back from its header.
  static func command(_ response: ValidatorHarness.Response) throws -> String {
    let header = try #require(response.header("x-aasa-command"), "\(response.text.prefix(300))")
    #expect(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f }, "a header value is ASCII")
    return try #require(header.removingPercentEncoding)
  }

  /// Runs `response`'s line as a shell would in a fresh folder holding `files` (and `copies`,
  /// files copied from a path), and compares.
  static func agree(
    _ response: ValidatorHarness.Response, files: [String: String] = [:],
    copies: [String: String] = [:]
  ) async throws {
    #expect(response.status == 200, "\(response.text.prefix(400))")
    let command = try command(response)
    let directory = try TemporaryDirectory(label: "validator-command")
    for (name, text) in files { try directory.write(name, text) }
    for (name, path) in copies {
      try directory.copy(URL(fileURLWithPath: path), as: name)
    }
    let folder = URL(fileURLWithPath: BuiltProducts.executable("aasa-lint"))
      .deletingLastPathComponent().path
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let run = try await ChildProcess.run(
      "/bin/sh", ["-c", command], environment: ["NO_COLOR": "1", "PATH": folder + ":" + path],
      in: directory.url)
    #expect(!run.stdout.isEmpty, "\(command): \(run.stderr)")
    #expect(run.stdout == response.text, "\(command)")
    #expect(String(run.status) == response.header("x-aasa-exit-status"), "\(command)")
  }

  @Test(
    arguments: [
      (
        "examples/site/.well-known/apple-app-site-association",
        ["/albums/1", "https://example.com/videos/x", "/café"], [:]
      ),
      (
        "apple-app-site-association", ["/albums/1"],
        ["app": "D3KQX62K1A.com.example.photoapp", "domain": "example.com"]
      ),
      ("my file's copy.json", ["/albums/1?x=$(id)"], [:]),
      ("examples/site/.well-known/assetlinks.json", [], ["kind": "aasa"]),
      ("assetlinks.json", ["https://shop.example.com/products/1"], [:]),
    ] as [(String, [String], [String: String])])
  func lintsLineRunsToTheSameAnswer(name: String, urls: [String], fields: [String: String])
    async throws
  {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let source =
      name.hasSuffix("assetlinks.json")
      ? "examples/site/.well-known/assetlinks.json"
      : name.hasPrefix("examples/")
        ? name : "examples/site/.well-known/apple-app-site-association"
    var body: [String: Any] = fields
    body["urls"] = urls
    body["text"] = try Self.text(source)
    body["name"] = name
    let response = try await harness.send("POST", "/api/v1/lint", body: ValidatorHarness.json(body))
    try await Self.agree(response, files: [name: try Self.text(source)])
  }

  @Test func aLintWithGrantsAndAnExpectTableRunsToTheSameAnswer() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    let assetLinks = try Self.text("examples/site/.well-known/assetlinks.json")
    let granted = try await harness.send(
      "POST", "/api/v1/lint",
      body: ValidatorHarness.json([
        "text": assetLinks, "name": "assetlinks.json",
        "grants": ["com.example.photoapp:\(fingerprint)"],
      ]))
    try await Self.agree(granted, files: ["assetlinks.json": assetLinks])
    let association = try Self.text("examples/site/.well-known/apple-app-site-association")
    let table = "/albums/1\tD3KQX62K1A.com.example.photoapp\n/nothing\tnone\n"
    let expected = try await harness.send(
      "POST", "/api/v1/lint",
      body: ValidatorHarness.json(["text": association, "name": "aasa.json", "expect": table]))
    try await Self.agree(expected, files: ["aasa.json": association, "expect.tsv": table])
  }

  @Test func aDevicePasteRunsToTheSameAnswer() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let paste = try Self.text("examples/device/pm-get-app-links.txt")
    let response = try await harness.send(
      "POST", "/api/v1/device", body: ValidatorHarness.json(["text": paste]))
    try await Self.agree(response, files: ["paste.txt": paste])
  }

  @Test func aRouteOfGivenFilesRunsToTheSameAnswer() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let association = try Self.text("examples/site/.well-known/apple-app-site-association")
    let assetLinks = try Self.text("examples/site/.well-known/assetlinks.json")
    let manifest = try Self.text("examples/photoapp/AndroidManifest.xml")
    let body: [String: Any] = [
      "aasa": ["text": association], "assetlinks": ["text": assetLinks], "domain": "example.com",
      "urls": ["/albums/1", "https://example.com/help/x"],
      "app": "D3KQX62K1A.com.example.photoapp", "package": "com.example.photoapp",
      "fingerprint": ValidatorPlatformParityTests.fingerprint, "manifest": ["text": manifest],
    ]
    let response = try await harness.send(
      "POST", "/api/v1/route", body: ValidatorHarness.json(body))
    try await Self.agree(
      response,
      files: [
        "site/.well-known/apple-app-site-association": association,
        "site/.well-known/assetlinks.json": assetLinks, "AndroidManifest.xml": manifest,
      ])
  }

  @Test func aDiffOfPastedFilesRunsToTheSameAnswer() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let old = try Self.text("examples/old.json")
    let new = try Self.text("examples/new.json")
    let body: [String: Any] = [
      "old": ["text": old, "name": "old.json"], "new": ["text": new, "name": "new.json"],
      "urls": ["/albums/1", "/videos/samples/2010/x", "/it's here"],
    ]
    let response = try await harness.send("POST", "/api/v1/diff", body: ValidatorHarness.json(body))
    // The URL list is written by the line itself, before the diff.
    #expect(try Self.command(response).hasPrefix("printf '%s\\n' "))
    try await Self.agree(response, files: ["old.json": old, "new.json": new])
  }

  /// A live check's line names the validator's CA file by its name alone: run beside a copy of
  /// it, against the same site, it writes the answer the API gave.
  @Test func aLiveCheckRunsToTheSameAnswer() async throws {
    let site = try await ValidatorPlatformParityTests.LocalSite()
    let harness = site.harness
    defer { Task { await harness.close() } }
    let authority = URL(fileURLWithPath: site.certificate.authorityFile).lastPathComponent
    let check = try await harness.send(
      "POST", "/api/v1/check",
      body: ValidatorHarness.json([
        "site": "https://127.0.0.1:\(site.port)", "paths": ["/albums/1"],
      ]))
    #expect(try Self.command(check).contains("--ca-file \(authority)"))
    try await Self.agree(check, copies: [authority: site.certificate.authorityFile])
    let route = try await harness.send(
      "POST", "/api/v1/route",
      body: ValidatorHarness.json([
        "site": "https://127.0.0.1:\(site.port)", "urls": ["/albums/1", "/nothing"],
      ]))
    try await Self.agree(route, copies: [authority: site.certificate.authorityFile])
  }

  /// A word is quoted so that a POSIX shell reads it back as it was, whatever it holds.
  @Test func wordsAreQuotedForAPOSIXShell() async throws {
    let words = [
      "plain", "two words", "it's", "$(id)", "`id`", "a*b", "~", "x;y", "\\", "é", "\"q\"", "",
      "100%",
    ]
    var command = ShellCommand()
    for word in words { command.argument(word) }
    let printed = command.text.replacingOccurrences(
      of: "aasa-lint", with: "printf '%s\\n'", options: .anchored)
    let run = try await ChildProcess.run("/bin/sh", ["-c", printed])
    #expect(run.stdout == words.map { $0 + "\n" }.joined(), "\(printed)")
    #expect(command.headerValue?.removingPercentEncoding == command.text)
  }

  /// A value the line could not carry as given makes no line at all, rather than another one.
  @Test func aValueTheLineCannotCarryGivesNoLine() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    for (name, urls) in [
      ("pasted.json", ["/a\u{1b}[2J"]), ("pasted.json", ["-rf"]), ("device", ["/albums/1"]),
    ] {
      let response = try await harness.send(
        "POST", "/api/v1/lint",
        body: ValidatorHarness.json([
          "text": "{\"applinks\": {\"details\": []}}", "name": name, "urls": urls,
        ]))
      #expect(response.status == 200, "\(response.text)")
      #expect(response.header("x-aasa-command") == nil, "\(name) \(urls)")
    }
    // The page's own endpoint is no command's document.
    let program = try await harness.send(
      "POST", "/api/v1/matcher", body: ValidatorHarness.json(["text": "{}"]))
    #expect(program.header("x-aasa-command") == nil)
  }
}

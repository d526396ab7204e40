import Foundation
import TestSupport
import Testing

/// Every API answer is the document `aasa-lint … --format json` writes for the same inputs: the
/// built `aasa-lint` is run on the bundled examples and its output compared byte for byte.
@Suite(.serialized) struct ValidatorCLIParityTests {
  static func urls() throws -> [String] {
    String(decoding: try readPackageFile("examples/urls.txt"), as: UTF8.self)
      .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  static func cli(_ arguments: [String]) async throws -> String {
    try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), arguments + ["--format", "json"],
      environment: ["NO_COLOR": "1"], in: BuiltProducts.packageRoot
    ).stdout
  }

  static func text(_ path: String) throws -> String {
    String(decoding: try readPackageFile(path), as: UTF8.self)
  }

  @Test(arguments: [
    ("examples/site/.well-known/apple-app-site-association", true, nil as String?),
    ("examples/broken/common-mistakes.json", true, nil),
    ("examples/broken/trailing-comma.json", false, nil),
    ("examples/broken/assetlinks-mistakes.json", false, nil),
    ("examples/site/.well-known/assetlinks.json", false, nil),
    ("examples/old.json", true, "D3KQX62K1A.com.example.photoapp"),
    ("examples/routes/MobileDeepLinkingConfig.json", false, nil),
    ("examples/applinks/docs.html", false, nil),
    ("examples/links/links.json", false, nil),
    ("examples/photoapp/AndroidManifest.xml", true, nil),
  ])
  func lintMatchesTheCommandLine(path: String, withURLs: Bool, app: String?) async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let urls = withURLs ? try Self.urls() : []
    var body: [String: Any] = ["text": try Self.text(path), "name": path, "urls": urls]
    var arguments = [path] + urls
    if let app {
      body["app"] = app
      arguments += ["--app", app]
    }
    let response = try await harness.send("POST", "/api/v1/lint", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await Self.cli(arguments)
    #expect(!expected.isEmpty)
    #expect(response.text == expected, "\(path)")
  }

  /// `kind` forces the kind as `--kind` does, whatever the text reads as; a kind the command
  /// line does not name is refused.
  @Test(arguments: [
    ("examples/site/.well-known/apple-app-site-association", "assetlinks"),
    ("examples/site/.well-known/assetlinks.json", "aasa"),
    ("examples/routes/MobileDeepLinkingConfig.json", "aasa"),
    ("examples/site/.well-known/apple-app-site-association", "routes"),
  ])
  func kindMatchesTheCommandLine(path: String, kind: String) async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body: [String: Any] = ["text": try Self.text(path), "name": path, "kind": kind]
    let response = try await harness.send("POST", "/api/v1/lint", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await Self.cli([path, "--kind", kind])
    #expect(!expected.isEmpty)
    #expect(response.text == expected, "\(path) as \(kind)")
    let unknown = ValidatorHarness.json(["text": "{}", "kind": "plist"])
    let refused = try await harness.send("POST", "/api/v1/lint", body: unknown)
    #expect(refused.status == 400)
    #expect(refused.text.contains("kind must be one of aasa, assetlinks"), "\(refused.text)")
  }

  @Test func grantsMatchTheCommandLine() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let path = "examples/site/.well-known/assetlinks.json"
    let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
    let grants = ["com.example.photoapp:\(fingerprint)", "com.example.other:\(fingerprint)"]
    let body: [String: Any] = ["text": try Self.text(path), "name": path, "grants": grants]
    let response = try await harness.send("POST", "/api/v1/lint", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.text.contains("\"granted\""))
    let expected = try await Self.cli([path, "--grants", grants[0], "--grants", grants[1]])
    #expect(response.text == expected)
    // A path where a fingerprint belongs is refused, never read.
    let file = ValidatorHarness.json(["text": "[]", "grants": ["com.example.app:/etc/passwd"]])
    #expect(try await harness.send("POST", "/api/v1/lint", body: file).status == 400)
  }

  @Test func deviceMatchesTheCommandLine() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let path = "examples/device/pm-get-app-links.txt"
    let response = try await harness.send(
      "POST", "/api/v1/device", body: ValidatorHarness.json(["text": try Self.text(path)]))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.text == (try await Self.cli(["device", path])))
    let unreadable = try await harness.send(
      "POST", "/api/v1/device", body: ValidatorHarness.json(["text": "nothing a device prints"]))
    #expect(unreadable.status == 400)
    #expect(!unreadable.text.contains("aasa-validator-"), "the temporary path never shows")
  }

  @Test func diffMatchesTheCommandLine() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let body: [String: Any] = [
      "old": ["text": try Self.text("examples/old.json"), "name": "examples/old.json"],
      "new": ["text": try Self.text("examples/new.json"), "name": "examples/new.json"],
      "urls": try Self.urls(),
    ]
    let response = try await harness.send("POST", "/api/v1/diff", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await Self.cli([
      "diff", "examples/old.json", "examples/new.json", "--urls", "examples/urls.txt",
    ])
    #expect(response.text == expected)
  }
}

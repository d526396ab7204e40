import AASALiveCheck
import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// `POST /api/v1/route` and `POST /api/v1/check` with an app's entitlements: each answer is the
/// document `aasa-lint route …` or `aasa-lint check --entitlements …` writes for the same inputs,
/// byte for byte, whether the site's files are given or fetched from a local TLS site (the example
/// site served by the built `aasa-serve` on 127.0.0.1, with a certificate made here), and an
/// uploaded file is bounded and vetted as the rest of the API is.
@Suite(.serialized) struct ValidatorPlatformParityTests {
  static let app = "D3KQX62K1A.com.example.photoapp"
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  static func text(_ path: String) throws -> String {
    String(decoding: try readPackageFile(path), as: UTF8.self)
  }

  /// The built `aasa-lint` run in `directory`, so that relative names read as the API's names.
  static func cli(_ arguments: [String], in directory: TemporaryDirectory) async throws -> String {
    try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"), arguments + ["--format", "json"],
      environment: ["NO_COLOR": "1"], in: URL(fileURLWithPath: directory.path)
    ).stdout
  }

  static func plist(_ dictionary: [String: Any]) throws -> String {
    String(
      decoding: try PropertyListSerialization.data(
        fromPropertyList: dictionary, format: .xml, options: 0), as: UTF8.self)
  }

  static func entitlements(_ domains: [String]) throws -> String {
    try plist(["com.apple.developer.associated-domains": domains])
  }

  /// The example site over TLS on 127.0.0.1, and a validator that may fetch from 127.0.0.1 and
  /// trusts the site's authority.
  struct LocalSite {
    let directory: TemporaryDirectory
    let certificate: LoopbackCertificate
    let server: RunningProgram
    let port: Int
    let harness: ValidatorHarness
    /// The authority's file by its name, as the validator's answers name it (`--ca-file NAME`):
    /// the command line is run in `directory`, beside it.
    var caFileName: String { URL(fileURLWithPath: certificate.authorityFile).lastPathComponent }

    init(limits: ValidatorLimits = ValidatorLimits()) async throws {
      directory = try TemporaryDirectory(label: "validator-platforms")
      let site = try await ExampleSite(in: directory)
      certificate = site.certificate
      server = site.server
      port = site.port
      harness = try await ValidatorHarness(
        ValidatorConfiguration(
          listenHost: "127.0.0.1",
          policy: FetchPolicy(rules: [try AllowRule(parsing: "127.0.0.1")]),
          caFile: certificate.authorityFile, limits: limits))
    }
  }

  @Test func routeOfGivenFilesMatchesTheCommandLine() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let directory = try TemporaryDirectory(label: "validator-route-files")
    let association = try Self.text("examples/site/.well-known/apple-app-site-association")
    let assetLinks = try Self.text("examples/site/.well-known/assetlinks.json")
    let manifest = try Self.text("examples/photoapp/AndroidManifest.xml")
    let entitlements = try Self.entitlements(["applinks:example.com", "applinks:*.example.org"])
    try directory.write("site/.well-known/apple-app-site-association", association)
    try directory.write("site/.well-known/assetlinks.json", assetLinks)
    try directory.write("AndroidManifest.xml", manifest)
    try directory.write("App.entitlements", entitlements)
    let urls = ["/albums/1", "/videos/samples/2010/x", "https://example.com/help/faq", "/nothing"]
    let body: [String: Any] = [
      "aasa": ["text": association], "assetlinks": ["text": assetLinks], "domain": "example.com",
      "urls": urls, "app": Self.app, "package": "com.example.photoapp",
      "fingerprint": Self.fingerprint, "manifest": manifest,
      "entitlements": ["text": entitlements, "name": "App.entitlements"],
    ]
    let response = try await harness.send(
      "POST", "/api/v1/route", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.header("x-aasa-exit-status") == "0")
    let expected = try await Self.cli(
      [
        "route", "--site", "site", "--domain", "example.com", "--app", Self.app, "--package",
        "com.example.photoapp", "--fingerprint", Self.fingerprint, "--manifest",
        "AndroidManifest.xml", "--entitlements", "App.entitlements",
      ] + urls, in: directory)
    #expect(expected.contains("\"activity\" : \""), "the manifest routed a URL to an activity")
    #expect(response.text == expected)
  }

  @Test func routeRefusesWhatTheCommandLineRefuses() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let association = try Self.text("examples/site/.well-known/apple-app-site-association")
    let cases: [([String: Any], Int, String)] = [
      (["aasa": ["text": association]], 400, "urls is missing"),
      (["urls": ["/albums/1"]], 400, "site is missing"),
      (["aasa": ["text": association], "urls": ["/albums/1"]], 400, "give domain"),
      (
        [
          "aasa": ["text": association], "domain": "example.com", "urls": ["/a"],
          "fingerprint": "AB",
        ],
        400, "not a SHA-256 fingerprint"
      ),
      (
        ["site": "https://example.com", "aasa": ["text": association], "urls": ["/a"]], 400,
        "not both"
      ),
      (["site": "https://127.0.0.2", "urls": ["/a"]], 403, "--allow 127.0.0.2"),
      (["site": "https://user@example.com", "urls": ["/a"]], 400, "userinfo"),
    ]
    for (body, status, words) in cases {
      let response = try await harness.send(
        "POST", "/api/v1/route", body: ValidatorHarness.json(body))
      #expect(response.status == status, "\(body): \(response.text)")
      #expect(response.text.contains(words), "\(body): \(response.text)")
    }
    let get = try await harness.send("GET", "/api/v1/route")
    #expect(get.status == 405)
  }

  @Test func routeOfALiveSiteMatchesTheCommandLine() async throws {
    let site = try await LocalSite()
    let harness = site.harness
    defer { Task { await harness.close() } }
    let origin = "https://127.0.0.1:\(site.port)"
    let urls = ["/albums/1", "/videos/samples/2010/x", "\(origin)/help/x"]
    let body: [String: Any] = [
      "site": origin, "urls": urls, "app": Self.app, "package": "com.example.photoapp",
      "fingerprint": Self.fingerprint,
    ]
    let response = try await site.harness.send(
      "POST", "/api/v1/route", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    let expected = try await Self.cli(
      [
        "route", "--site", origin, "--app", Self.app, "--package", "com.example.photoapp",
        "--fingerprint", Self.fingerprint, "--ca-file", site.caFileName,
      ] + urls, in: site.directory)
    #expect(expected.contains("\"granted\" : true"), "the live assetlinks.json was read")
    #expect(response.text == expected)
  }

  /// Issue 40: *Check a site* shows the file it fetched. With `files`, the check's document
  /// carries each well-known file's text as served, byte for byte; without it, the document is
  /// the command line's.
  @Test func aCheckCarriesTheFetchedFilesWhenAsked() async throws {
    let site = try await LocalSite()
    let harness = site.harness
    defer { Task { await harness.close() } }
    let origin = "https://127.0.0.1:\(site.port)"
    let shown = try await site.harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": origin, "files": true]))
    #expect(shown.status == 200, "\(shown.text)")
    let object = try #require(JSONText.parse(shown.text) as? [String: Any])
    let files = try #require(object["files"] as? [[String: Any]], "\(shown.text.prefix(300))")
    let association = try #require(
      files.first {
        ($0["url"] as? String)?.hasSuffix("/.well-known/apple-app-site-association") == true
      })
    let served = try Self.text("examples/site/.well-known/apple-app-site-association")
    #expect(association["text"] as? String == served)
    #expect(association["bytes"] as? Int == served.utf8.count)
    #expect(association["truncated"] as? Bool == false)
    #expect(
      files.contains { ($0["url"] as? String)?.hasSuffix("/.well-known/assetlinks.json") == true })
    let plain = try await site.harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(["site": origin]))
    #expect(!plain.text.contains("\"files\""))
    let expected = try await Self.cli(
      ["check", origin, "--ca-file", site.caFileName, "--no-cdn"],
      in: site.directory)
    #expect(plain.text == expected)
  }

  @Test func entitlementsCheckMatchesTheCommandLine() async throws {
    let site = try await LocalSite()
    let harness = site.harness
    defer { Task { await harness.close() } }
    let entitlements = try Self.entitlements([
      "applinks:127.0.0.1:\(site.port)", "applinks:*.example.com",
      "webcredentials:127.0.0.1:\(site.port)",
    ])
    try site.directory.write("App.entitlements", entitlements)
    let expected = try await Self.cli(
      [
        "check", "--entitlements", "App.entitlements", "--app", Self.app, "--path", "/albums/1",
        "--ca-file", site.caFileName, "--no-cdn",
      ], in: site.directory)
    #expect(expected.contains("\"site\" : \"https://127.0.0.1:\(site.port)\""))
    let asText: [String: Any] = [
      "entitlements": ["text": entitlements, "name": "App.entitlements"], "app": Self.app,
      "paths": ["/albums/1"],
    ]
    let text = try await site.harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(asText))
    #expect(text.status == 200, "\(text.text)")
    #expect(text.text == expected)
    let asBase64: [String: Any] = [
      "entitlements": [
        "base64": Data(entitlements.utf8).base64EncodedString(), "name": "App.entitlements",
      ],
      "app": Self.app, "paths": ["/albums/1"],
    ]
    let base64 = try await site.harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(asBase64))
    #expect(base64.text == expected)
    // A .entitlements file names no app: the app must be given, as on the command line.
    let noApp = try await site.harness.send(
      "POST", "/api/v1/check",
      body: ValidatorHarness.json(["entitlements": ["text": entitlements]]))
    #expect(noApp.status == 400)
    #expect(noApp.text.contains("entitlements needs app"))
  }

  @Test func aProvisioningProfileIsReadFromItsBytes() async throws {
    let site = try await LocalSite()
    let harness = site.harness
    defer { Task { await harness.close() } }
    let profile = try Self.plist([
      "Name": "Photo App Distribution", "TeamIdentifier": ["D3KQX62K1A"],
      "Entitlements": [
        "application-identifier": Self.app,
        "com.apple.developer.team-identifier": "D3KQX62K1A",
        "com.apple.developer.associated-domains": ["applinks:127.0.0.1:\(site.port)"],
        "get-task-allow": false,
      ],
    ])
    // Signed as Apple signs profiles (CMS SignedData with the content inside), by openssl.
    let plist = try site.directory.write("profile.plist", profile)
    let signed = site.directory.file("embedded.mobileprovision")
    let openssl = try ExecutableLookup.require("openssl")
    let signing = try await ChildProcess.run(
      openssl,
      [
        "cms", "-sign", "-in", plist, "-signer", site.certificate.chainFile, "-inkey",
        site.certificate.keyFile, "-outform", "DER", "-nodetach", "-binary", "-out", signed,
      ])
    #expect(signing.status == 0, "\(signing.stderr)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: signed))
    #expect(bytes.first == 0x30, "a DER SignedData, not text")
    let expected = try await Self.cli(
      [
        "check", "--entitlements", "embedded.mobileprovision", "--ca-file", site.caFileName,
        "--no-cdn",
      ], in: site.directory)
    #expect(expected.contains("\"app\" : \"\(Self.app)\""), "the app is the profile's")
    let body: [String: Any] = [
      "entitlements": ["base64": bytes.base64EncodedString(), "name": "embedded.mobileprovision"]
    ]
    let response = try await site.harness.send(
      "POST", "/api/v1/check", body: ValidatorHarness.json(body))
    #expect(response.status == 200, "\(response.text)")
    #expect(response.text == expected)
  }

  @Test func uploadsAreBoundedAndTheirDomainsVetted() async throws {
    var limits = ValidatorLimits()
    limits.maximumText = 2000
    limits.maximumDomains = 2
    let harness = try await ValidatorHarness(
      ValidatorConfiguration(listenHost: "127.0.0.1", limits: limits))
    defer { Task { await harness.close() } }
    func check(_ entitlements: [String: Any]) async throws -> ValidatorHarness.Response {
      try await harness.send(
        "POST", "/api/v1/check",
        body: ValidatorHarness.json(["entitlements": entitlements, "app": Self.app]))
    }
    let large = Data(repeating: 0x41, count: 2001).base64EncodedString()
    let tooLarge = try await check(["base64": large, "name": "embedded.mobileprovision"])
    #expect(tooLarge.status == 413)
    #expect(tooLarge.errorCode == "too-large")
    #expect(try await check(["text": String(repeating: " ", count: 2001)]).status == 413)
    let notBase64 = try await check(["base64": "%%%not base64%%%"])
    #expect(notBase64.status == 400)
    #expect(try await check(["text": "x", "base64": "eA=="]).status == 400)
    let unreadable = try await check(["text": "not a property list", "name": "App.entitlements"])
    #expect(unreadable.status == 400)
    #expect(unreadable.text.contains("cannot use entitlements App.entitlements"))
    // Each applinks: domain is vetted before any is fetched: an internal one is refused.
    let loopback = try await check([
      "text": try Self.entitlements(["applinks:127.0.0.2"]), "name": "App.entitlements",
    ])
    #expect(loopback.status == 403, "\(loopback.text)")
    #expect(loopback.errorCode == "blocked-address")
    let many = try await check([
      "text": try Self.entitlements([
        "applinks:a.example", "applinks:b.example", "applinks:c.example",
      ])
    ])
    #expect(many.status == 413, "\(many.text)")
  }
}

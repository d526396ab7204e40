import Foundation
import TestSupport
import Testing

/// `aasa-lint mcp` as an agent's client sees it: the built binary driven by the Python MCP SDK
/// over stdio, through every tool; each answer's structured content is the document the
/// command line writes with `--format json` for the same inputs, fetches go under the validator's
/// policy (loopback refused unless `--allow`), and hostile input is answered in words.
@Suite("aasa-lint mcp")
struct MCPServerTests {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], \
    "components": [{"/": "/albums/*"}, {"/": "/private/*", "exclude": true}]}]}}
    """
  static let changedAssociation = """
    {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], \
    "components": [{"/": "/albums/*"}, {"/": "/videos/*"}]}]}}
    """
  static let assetLinks = """
    [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": \
    "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": \
    ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
    """
  /// An association file with an error (no `details`): linting it fails.
  static let broken = #"{"applinks": {"apps": []}}"#
  static let devicePaste = """
      com.example.app:
        ID: 01234567-89ab-cdef-0123-456789abcdef
        Signatures: [14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5]
        Domain verification state:
          example.com: verified
          shop.example.com: 1024

    """
  static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>
    <key>com.apple.developer.associated-domains</key>
    <array><string>applinks:localhost</string></array>
    </dict></plist>
    """

  /// A manifest that verifies `localhost` (port 443, where nothing listens) and shares sign-in
  /// through `@string/asset_statements`, which ``strings(port:)`` gives.
  static let manifest = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.app">
      <application>
        <meta-data android:name="asset_statements" android:resource="@string/asset_statements" />
        <activity android:name=".MainActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="localhost" android:pathPrefix="/albums" />
          </intent-filter>
        </activity>
      </application>
    </manifest>
    """

  /// The strings.xml beside the manifest: an include of the loopback site's assetlinks.json.
  static func strings(port: Int) -> String {
    #"<resources><string name="asset_statements">[{\"include\": \"https://localhost:"#
      + "\(port)" + #"/.well-known/assetlinks.json\"}]</string></resources>"#
  }

  /// What Google's Digital Asset Links API answers for a site granting `assetLinks`'s app.
  static let googleAnswer = """
    {"statements": [{"source": {"web": {"site": "https://localhost."}}, \
    "relation": "delegate_permission/common.handle_all_urls", \
    "target": {"androidApp": {"packageName": "com.example.app", "certificate": \
    {"sha256Fingerprint": \
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"}}}}], \
    "maxAge": "600s", "debugString": ""}
    """

  static let toolNames = [
    "lint_file", "route_urls", "check_site", "check_entitlements", "check_manifest", "cdn_copy",
    "diff_files", "explain_device_output", "generate_files",
  ]

  /// The command line's `--format json` document for `arguments`, run in `directory`.
  func cli(_ arguments: [String], in directory: TemporaryDirectory, expecting status: Int32)
    async throws -> NSObject
  {
    let run = try await LintProcess.run(arguments + ["--format", "json"], in: directory.url)
    #expect(run.status == status, "aasa-lint \(arguments): \(run.stderr)")
    return try MCPClient.parsed(run.stdout)
  }

  func structured(_ call: [String: Any], isError: Bool = false) throws -> NSObject {
    #expect(call["error"] == nil, "a JSON-RPC error: \(call)")
    #expect(call["isError"] as? Bool == isError, "\(call)")
    return try MCPClient.object(call["structured"])
  }

  func text(_ call: [String: Any]) -> String {
    (call["texts"] as? [String] ?? []).joined(separator: "\n")
  }

  @Test("lists every tool with a schema, an output schema and annotations")
  func listsTools() async throws {
    let session = try await MCPClient.session(calls: [])
    let tools = Dictionary(
      uniqueKeysWithValues: session.tools.map { ($0["name"] as? String ?? "", $0) })
    #expect(Set(tools.keys) == Set(Self.toolNames))
    #expect(["2025-11-25", "2025-06-18"].contains(session.protocolVersion))
    let fetching: Set = [
      "route_urls", "check_site", "check_entitlements", "check_manifest", "cdn_copy",
      "diff_files",
    ]
    for (name, tool) in tools {
      let input = try #require(tool["inputSchema"] as? [String: Any], "\(name)")
      #expect(input["type"] as? String == "object")
      #expect((input["properties"] as? [String: Any])?.isEmpty == false, "\(name)")
      #expect((tool["outputSchema"] as? [String: Any])?["type"] as? String == "object")
      let annotations = try #require(tool["annotations"] as? [String: Any], "\(name)")
      #expect(annotations["readOnlyHint"] as? Bool == true, "\(name)")
      #expect(annotations["openWorldHint"] as? Bool == fetching.contains(name), "\(name)")
      #expect((tool["description"] as? String ?? "").count > 80, "\(name)")
    }
    #expect(session.stderr.contains("9 tools"))
  }

  @Test("offline tools answer with the command line's JSON: lint, route, diff, device, new")
  func offlineToolsMatchTheCommandLine() async throws {
    let directory = try TemporaryDirectory(label: "mcp-offline")
    _ = try directory.write("site.json", Self.association)
    _ = try directory.write("broken.json", Self.broken)
    _ = try directory.write("assetlinks.json", Self.assetLinks)
    _ = try directory.write("old.json", Self.association)
    _ = try directory.write("new.json", Self.changedAssociation)
    _ = try directory.write("paste.txt", Self.devicePaste)
    _ = try directory.write("site/.well-known/apple-app-site-association", Self.association)
    _ = try directory.write("site/.well-known/assetlinks.json", Self.assetLinks)
    let urls = ["https://example.com/albums/1", "https://example.com/private/2"]
    _ = try directory.write("urls.txt", urls.joined(separator: "\n") + "\n")
    let session = try await MCPClient.session(
      calls: [
        ("lint_file", ["text": Self.association, "name": "site.json", "urls": urls]),
        ("lint_file", ["text": Self.broken, "name": "broken.json"]),
        ("lint_file", ["text": Self.assetLinks, "name": "assetlinks.json", "kind": "assetlinks"]),
        ("explain_device_output", ["text": Self.devicePaste]),
        (
          "diff_files",
          [
            "old": ["text": Self.association, "name": "old.json"],
            "new": ["text": Self.changedAssociation, "name": "new.json"], "urls": urls,
          ]
        ),
        (
          "route_urls",
          [
            "urls": urls, "aasa": ["text": Self.association], "assetlinks": Self.assetLinks,
            "app": "9JA89QQLNQ.com.example.app",
          ]
        ),
        (
          "generate_files",
          ["kind": "aasa", "app": "9JA89QQLNQ.com.example.app", "paths": ["/albums/*"]]
        ),
        // kind forces the kind, as --kind does: the association file linted as assetlinks.json.
        ("lint_file", ["text": Self.association, "name": "site.json", "kind": "assetlinks"]),
      ]
        + Self.otherKinds.map { name, text in
          (tool: "lint_file", arguments: ["text": text, "name": name] as [String: Any])
        })
    try #require(session.calls.count == 8 + Self.otherKinds.count)
    #expect(
      try structured(session.calls[0])
        == (try await cli(["site.json"] + urls, in: directory, expecting: 0)))
    // A failed lint is an answer, not an error.
    #expect(
      try structured(session.calls[1])
        == (try await cli(["broken.json"], in: directory, expecting: 1)))
    #expect(text(session.calls[1]).contains("failed"))
    #expect(
      try structured(session.calls[2])
        == (try await cli(["assetlinks.json"], in: directory, expecting: 0)))
    // shop.example.com failed verification (1024): the command line exits 1.
    let device = try await cli(["device", "paste.txt"], in: directory, expecting: 1)
    #expect(try structured(session.calls[3]) == device)
    #expect(
      try structured(session.calls[4])
        == (try await cli(
          ["diff", "old.json", "new.json", "--urls", "urls.txt"], in: directory, expecting: 0)))
    #expect(
      try structured(session.calls[5])
        == (try await cli(
          ["route", "--site", "site", "--app", "9JA89QQLNQ.com.example.app"] + urls, in: directory,
          expecting: 0)))
    let generated = try await LintProcess.run(
      ["new", "aasa", "--app", "9JA89QQLNQ.com.example.app", "--path", "/albums/*"])
    #expect(generated.status == 0)
    #expect(text(session.calls[6]) == generated.stdout)
    #expect(
      try structured(session.calls[6])
        == (try MCPClient.object(["kind": "aasa", "text": generated.stdout])))
    let forced = try await cli(["site.json", "--kind", "assetlinks"], in: directory, expecting: 1)
    #expect(try structured(session.calls[7]) == forced)
    #expect(forced != (try await cli(["site.json"], in: directory, expecting: 0)))
    // Every other kind the seam tells apart, linted as the command line lints the same file.
    for (index, (name, text)) in Self.otherKinds.enumerated() {
      _ = try directory.write(name, text)
      let run = try await LintProcess.run([name, "--format", "json"], in: directory.url)
      #expect(
        try structured(session.calls[8 + index])
          == (try MCPClient.parsed(run.stdout)), "\(name)")
    }
  }

  /// A file of each kind but the association files: a route config, an App Links page, a
  /// links.json and a source manifest (``manifest``, whose `@string/asset_statements` stays
  /// unresolved in both, as no resource file is beside it). The tool's `urls: []` is no URL given, as on the command line.
  static let otherKinds = [
    ("AndroidManifest.xml", manifest),
    ("MobileDeepLinkingConfig.json", #"{"routes": {"albums/:id": {"class": "AlbumView"}}}"#),
    (
      "page.html",
      #"<html><head><meta property="al:ios:url" content="example://albums/1"></head></html>"#
    ),
    ("links.json", #"{"rules": [{"path": "/albums/*", "web": "https://www.example.com/"}]}"#),
  ]

  @Test("wrong arguments are tool errors naming the argument; an unknown tool is a protocol error")
  func wrongArguments() async throws {
    let session = try await MCPClient.session(calls: [
      ("lint_file", [:]),
      ("lint_file", ["text": Self.association, "urls": "/albums/1"]),
      ("lint_file", ["text": Self.association, "colour": "red"]),
      ("lint_file", ["text": Self.association, "kind": "plist"]),
      ("generate_files", ["kind": "plist"]),
      ("diff_files", ["old": ["text": "{}", "url": "x"], "new": ["text": "{}"]]),
      ("check_site", ["site": 443]),
      ("lint_file", ["text": String(repeating: "x", count: 2 << 20)]),
      ("no_such_tool", [:]),
    ])
    try #require(session.calls.count == 9)
    let expected = [
      "text is missing", "urls must be a list of strings, not a string",
      "unknown argument 'colour'",
      "kind must be one of aasa, assetlinks, applinks, routes, manifest, links, not 'plist'",
      "kind must be one of aasa, assetlinks, intent-filter, entitlements, not 'plist'",
      "old has an unknown member 'url'", "site must be a string, not a number", "text is over",
    ]
    for (call, words) in zip(session.calls, expected) {
      #expect(call["isError"] as? Bool == true, "\(call)")
      #expect(text(call).contains(words), "\(text(call))")
      #expect(InternalWordsCheck.leaks(in: text(call), arguments: []).isEmpty, "\(text(call))")
    }
    let unknown = try #require(session.calls[8]["error"] as? [String: Any])
    #expect(unknown["code"] as? Int == -32602)
    #expect((unknown["message"] as? String ?? "").contains("unknown tool 'no_such_tool'"))
  }

  @Test("tools that fetch reach a loopback site only when --allow names it, and answer as the CLI")
  func fetchingUnderThePolicy() async throws {
    let site = try await LoopbackHTTPS(routes: [
      "/.well-known/apple-app-site-association": ("application/json", Array(Self.association.utf8)),
      "/.well-known/assetlinks.json": ("application/json", Array(Self.assetLinks.utf8)),
      "/a/v1/example.com": ("application/json", Array(Self.changedAssociation.utf8)),
      "/google/v1/statements:list": ("application/json", Array(Self.googleAnswer.utf8)),
    ])
    let directory = try TemporaryDirectory(label: "mcp-fetch")
    _ = try directory.write("old.json", Self.association)
    _ = try directory.write("App.entitlements", Self.entitlements)
    _ = try directory.write("main/AndroidManifest.xml", Self.manifest)
    _ = try directory.write("main/res/values/strings.xml", Self.strings(port: site.port))
    let origin = "https://localhost:\(site.port)"
    let calls: [(tool: String, arguments: [String: Any])] = [
      ("check_site", ["site": origin, "paths": ["/albums/1"]]),
      ("route_urls", ["site": origin, "urls": ["/albums/1", "/private/1"]]),
      (
        "diff_files",
        ["old": ["text": Self.association, "name": "old.json"], "new": ["site": origin]]
      ),
      ("cdn_copy", ["host": "example.com", "urls": ["/videos/1"]]),
      (
        "check_entitlements",
        [
          "entitlements": ["text": Self.entitlements, "name": "App.entitlements"],
          "app": "9JA89QQLNQ.com.example.app",
        ]
      ),
      ("check_site", ["site": origin, "google": true]),
      (
        "check_manifest",
        [
          "manifest": ["text": Self.manifest, "name": "main/AndroidManifest.xml"],
          "strings": ["text": Self.strings(port: site.port)],
        ]
      ),
    ]
    let cdnBase = "\(origin)/a/v1"
    let googleBase = "\(origin)/google"
    let allowed = try await MCPClient.session(
      [
        "--allow", "localhost", "--ca-file", site.certificate, "--cdn-base", cdnBase,
        "--google-base", googleBase,
      ], calls: calls)
    try #require(allowed.calls.count == 7)
    // The tools name the server's CA file by its name alone, as their command lines do; the
    // command line is run beside a copy of it.
    let caName = URL(fileURLWithPath: site.certificate).lastPathComponent
    try directory.copy(URL(fileURLWithPath: site.certificate), as: caName)
    let ca = ["--ca-file", caName]
    #expect(
      try structured(allowed.calls[0])
        == (try await cli(
          ["check", origin, "--path", "/albums/1"] + ca, in: directory, expecting: 0)))
    #expect(
      try structured(allowed.calls[1])
        == (try await cli(
          ["route", "--site", origin, "/albums/1", "/private/1"] + ca, in: directory, expecting: 0))
    )
    #expect(
      try structured(allowed.calls[2])
        == (try await cli(
          ["diff", "old.json", "\(origin)/.well-known/apple-app-site-association"] + ca,
          in: directory, expecting: 0)))
    #expect(
      try structured(allowed.calls[3])
        == (try await cli(
          ["\(cdnBase)/example.com", "--kind", "aasa", "/videos/1"] + ca, in: directory,
          expecting: 0)))
    // localhost:443 is allowed, and refuses the connection: a failed check, not an error.
    #expect(
      try structured(allowed.calls[4])
        == (try await cli(
          ["check", "--entitlements", "App.entitlements", "--app", "9JA89QQLNQ.com.example.app"]
            + ca,
          in: directory, expecting: 1)))
    // google: Google's API (its base given at start-up) asked at the vetted address, as
    // `check --google-base`; it reads the file's one grant.
    #expect(
      try structured(allowed.calls[5])
        == (try await cli(
          ["check", origin, "--google-base", googleBase] + ca, in: directory, expecting: 0)))
    #expect(text(allowed.calls[5]).contains("Google reads the same 1 App Links grant"))
    // The manifest's host (localhost:443) refuses the connection; the site it shares sign-in
    // with, through strings.xml's include, is fetched.
    #expect(
      try structured(allowed.calls[6])
        == (try await cli(
          ["check", "--manifest", "main/AndroidManifest.xml"] + ca, in: directory, expecting: 1)))
    let credentials = (allowed.calls[6]["structured"] as? [String: Any])?["credentials"]
    let shared = try #require((credentials as? [String: Any])?["sites"] as? [[String: Any]])
    #expect(shared.map { $0["assetlinks"] as? String } == ["pass"], "\(shared)")
    #expect(allowed.stderr.contains("allowed by --allow localhost"))

    // Google's API on a host no rule allows: not asked, and the check says so.
    let googleRefused = try await MCPClient.session(
      [
        "--allow", "localhost", "--ca-file", site.certificate, "--google-base",
        "https://127.0.0.1:\(site.port)/google",
      ], calls: [("check_site", ["site": origin, "google": true])])
    try #require(googleRefused.calls.count == 1)
    _ = try structured(googleRefused.calls[0])
    #expect(
      text(googleRefused.calls[0]).contains(
        "Google's API was not asked: 127.0.0.1 is a loopback address, which this validator does not fetch from; the operator can allow it at start-up with --allow 127.0.0.1"
      ),
      "\(text(googleRefused.calls[0]))")

    // The default policy: the same calls refused, each saying which rule and which flag.
    let refused = try await MCPClient.session(
      ["--cdn-base", cdnBase, "--google-base", googleBase], calls: calls)
    try #require(refused.calls.count == 7)
    for call in refused.calls {
      #expect(call["isError"] as? Bool == true, "\(call)")
      let words = text(call)
      #expect(words.contains("localhost resolves to a loopback address"), "\(words)")
      #expect(words.contains("--allow localhost"), "\(words)")
      #expect(InternalWordsCheck.leaks(in: words, arguments: []).isEmpty, "\(words)")
      let error = try #require((call["structured"] as? [String: Any])?["error"] as? [String: Any])
      #expect(error["code"] as? String == "blocked-address")
    }
  }

  @Test("a thousand calls in a row through one session are each answered")
  func thousandCalls() async throws {
    let calls = (0..<1000).map { index in
      (
        tool: "lint_file",
        arguments: ["text": Self.association, "urls": ["/albums/\(index)"]] as [String: Any]
      )
    }
    let session = try await MCPClient.session(calls: calls)
    #expect(session.calls.count == 1000)
    #expect(session.calls.allSatisfy { $0["isError"] as? Bool == false })
  }

  @Test(
    "garbage, a 10 MB text, deep nesting, an oversized line and a flood: answered in words, memory bounded"
  )
  func hostileInput() async throws {
    var input = MCPClient.handshake
    input += "this is not JSON\n"
    input += "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\"\n"
    input += try MCPClient.callLine(
      id: 2, tool: "lint_file", arguments: ["text": String(repeating: "a", count: 10_000_000)])
    input += String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000) + "\n"
    input +=
      "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"lint_file\",\"arguments\":{\"text\":"
      + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}}}\n"
    // Past JSON's 512 levels: not read as a message at all.
    input +=
      "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"tools/call\",\"params\":{\"name\":\"lint_file\",\"arguments\":{\"text\":"
      + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}}\n"
    input +=
      "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"x\",\"pad\":\""
      + String(repeating: "z", count: 20 << 20) + "\"}\n"
    input += "\u{1}\u{2}\u{3}\u{ff}\n"
    for id in 100..<1100 {
      input += try MCPClient.callLine(
        id: id, tool: "lint_file", arguments: ["text": Self.association, "urls": ["/albums/\(id)"]])
    }
    input += try MCPClient.callLine(id: 5, tool: "lint_file", arguments: ["text": 7])
    let raw = try await MCPClient.raw(Array(input.utf8))
    #expect(raw.status == 0, "\(raw.stderr.suffix(2000))")
    // Standard output carries JSON-RPC only.
    #expect(raw.lines.count == raw.messages.count)
    #expect(raw.messages.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
    let byID = Dictionary(
      raw.messages.compactMap { message in (message["id"] as? Int).map { ($0, message) } },
      uniquingKeysWith: { first, _ in first })
    func toolText(_ id: Int) -> String {
      let result = byID[id]?["result"] as? [String: Any]
      let content = result?["content"] as? [[String: Any]] ?? []
      return content.compactMap { $0["text"] as? String }.joined(separator: "\n")
    }
    #expect(toolText(2).contains("text is over"))
    #expect((byID[2]?["result"] as? [String: Any])?["isError"] as? Bool == true)
    #expect(toolText(3).contains("text must be a string, not a list"))
    #expect(toolText(5).contains("text must be a string, not a number"))
    // Every call of the flood is answered: a report, or busy when the queue was full.
    for id in 100..<1100 {
      let result = try #require(byID[id]?["result"] as? [String: Any], "call \(id)")
      if result["isError"] as? Bool == true { #expect(toolText(id).contains("wait for answers")) }
    }
    let errors = raw.messages.compactMap { $0["error"] as? [String: Any] }
    let words = errors.compactMap { $0["message"] as? String }
    #expect(words.filter { $0.contains("not a JSON-RPC message") }.count >= 5, "\(words)")
    #expect(byID[6] == nil)
    #expect(words.contains { $0.contains("over 16 MiB was skipped") }, "\(words)")
    for message in words { #expect(InternalWordsCheck.leaks(in: message, arguments: []).isEmpty) }
    // 20 MB and 10 MB lines were read: a bound against holding them all, with a wide margin.
    #expect(raw.maximumResidentKiB < 1_500_000, "peak \(raw.maximumResidentKiB) KiB")
  }
}

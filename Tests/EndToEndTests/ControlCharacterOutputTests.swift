import Foundation
import TestSupport
import Testing

/// Control characters from an input (ESC, BEL, CR, NUL, the bidi override U+202E) reach no
/// terminal and no log raw: every format shows them escaped, for local files, fetched files,
/// fetched pages and routed URLs.
@Suite("Control characters from inputs are shown escaped")
struct ControlCharacterOutputTests {
  /// Colours the terminal red, rings the bell, returns the carriage, ends a C string and reverses
  /// the text after it.
  static let planted = "x\u{1B}[31mRED\u{07}\r\u{00}\u{202E}gnp.exe"

  static let characters: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\r", "\u{00}", "\u{202E}"]

  /// An association file whose app ID and component hold the planted characters, raw.
  static var hostileAssociation: [UInt8] {
    Array(
      """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.\(planted)"],
        "components": [{"/": "/\(planted)/*"}]}]}}

      """.utf8)
  }

  static var hostilePage: [UInt8] {
    Array(
      """
      <html><head>
      <meta property="al:ios:url" content="bolts://\(planted)">
      <meta property="al:ios:app_name" content="\(planted)">
      <meta property="al:web:url" content="https://example.com/\(planted)">
      </head></html>
      """.utf8)
  }

  static func expectEscaped(
    _ output: ProcessResult, _ what: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for (stream, text) in [("stdout", output.stdout), ("stderr", output.stderr)] {
      let raw = text.unicodeScalars.filter { characters.contains($0) }
      #expect(
        raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) }) on \(stream)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("a local file's characters are escaped in every format, with colour off and on")
  func localFile() async throws {
    let directory = try TemporaryDirectory(label: "control-local")
    let file = try directory.write("aasa.json", Self.hostileAssociation)
    let urls = try directory.write("urls.txt", "/\(Self.planted)/1\n/plain\n")
    let path = "/\(Self.planted)/1"
    var saw = false
    for format in ["text", "json", "sarif", "github"] {
      let output = try await LintProcess.run([file, path, "--format", format, "-v"])
      Self.expectEscaped(output, "--format \(format)")
      #expect(output.status == 1, "\(format): \(output.stderr)")
      saw = saw || output.stdout.contains("\\u{1B}") || output.stdout.contains("\\u001b")
    }
    #expect(saw)
    let text = try await LintProcess.run([file, path])
    // The linter's own finding about the character, and the escaped source line under it.
    #expect(text.stdout.contains("[AASA006]"), "\(text.stdout)")
    #expect(
      text.stdout.contains(#"x\u{1B}[31mRED\u{7}\u{D}\u{0}\u{202E}gnp.exe"#), "\(text.stdout)")
    let tsv = try await LintProcess.run([file, "--urls", urls, "--format", "tsv"])
    Self.expectEscaped(tsv, "--format tsv")
    let files = try await LintProcess.run(["files", file])
    Self.expectEscaped(files, "files")
  }

  @Test("a page's tag values are escaped in the table and the navigation")
  func localPage() async throws {
    let directory = try TemporaryDirectory(label: "control-page")
    let page = try directory.write("page.html", Self.hostilePage)
    for arguments in [
      [page], [page, "--platform", "iphone", "--installed", "bolts"],
      [page, "--format", "json"], [page, "--format", "sarif"],
    ] {
      let output = try await LintProcess.run(arguments)
      Self.expectEscaped(output, "\(arguments)")
    }
  }

  @Test("a fetched file, a fetched page and a live check escape the server's characters")
  func fetched() async throws {
    let server = try await LoopbackHTTPS(routes: [
      "/.well-known/apple-app-site-association": ("application/json", Self.hostileAssociation),
      "/apple-app-site-association": ("application/json", Self.hostileAssociation),
      "/page": ("text/html", Self.hostilePage),
    ])
    let trust = ["--ca-file", server.certificate, "--timeout", "10"]
    let runs: [[String]] = [
      [server.url("/.well-known/apple-app-site-association"), "/\(Self.planted)/1"] + trust,
      [server.url("/.well-known/apple-app-site-association"), "--format", "json"] + trust,
      [server.url("/page"), "--platform", "iphone"] + trust,
      ["check", server.url(""), "--path", "/\(Self.planted)/1"] + trust,
      ["check", server.url(""), "--format", "json"] + trust,
      ["check", server.url(""), "--format", "github"] + trust,
    ]
    for arguments in runs {
      let output = try await LintProcess.run(arguments)
      #expect(output.status != 2, "\(arguments): \(output.stderr)")
      Self.expectEscaped(output, "\(arguments)")
    }
  }

  /// An assetlinks.json whose component holds the planted characters (as JSON escapes), for a
  /// package Google accepts; `changed` gives a second file with another certificate whose
  /// component excludes what the first opens.
  static func hostileAssetLinks(changed: Bool = false) -> String {
    let fingerprint =
      (changed ? "8F:1D" : "14:6D")
      + ":E9:83:C5:73:06:50:D8:EE:B9:F2:A3:48:6E:5C:0E:30:8A:2E:2B:8B:1A:17:42:23:51:A4:39:1C:7E:42:9B"
    let components =
      changed
      ? [#"{"/": "/plain/*"}"#, #"{"/": "/\#(escapedPlanted)/*", "exclude": true}"#]
      : [#"{"/": "/\#(escapedPlanted)/*"}"#, #"{"/": "/plain/*"}"#]
    return """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop",
          "sha256_cert_fingerprints": ["\(fingerprint)"]},
        "relation_extensions": {"delegate_permission/common.handle_all_urls": {
          "dynamic_app_link_components": [\(components.joined(separator: ", "))]}}}]

      """
  }

  /// The planted characters as JSON escapes, which the reader turns back into the raw characters.
  static let escapedPlanted = #"x\u001b[31mRED\u0007\r\u0000\u202egnp.exe"#

  /// Every line of a `--format tsv` answer has exactly `columns` columns.
  static func expectColumns(
    _ output: ProcessResult, _ columns: Int,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(!output.lines.isEmpty, "\(output.stderr)", sourceLocation: sourceLocation)
    for line in output.lines {
      #expect(
        line.split(separator: "\t", omittingEmptySubsequences: false).count == columns,
        "\(line.debugDescription)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "assetlinks routing, both diffs, a manifest and a certificate escape the inputs' characters")
  func androidAndDiffs() async throws {
    let directory = try TemporaryDirectory(label: "control-android")
    let old = try directory.write("old/assetlinks.json", Self.hostileAssetLinks())
    let new = try directory.write("new/assetlinks.json", Self.hostileAssetLinks(changed: true))
    let url = "https://shop.example.com/\(Self.planted)/1"
    let urls = try directory.write(
      "urls.txt", "\(url)\nhttps://shop.example.com/plain/1\nhttps://shop.example.com/\t/2\n")
    let app = "com.example.shop\(Self.planted)"
    var runs: [[String]] = [
      [old, url], [old, url, "-v"], [old, "--urls", urls, "--app", app],
      ["diff", old, new, "--urls", urls],
    ]
    let oldApple = try directory.write("old/aasa.json", Self.hostileAssociation)
    let newApple = try directory.write(
      "new/aasa.json",
      """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.other.\(Self.planted)"], "components": [{"/": "/\(Self.planted)/*"}]},
        {"appIDs": ["D3KQX62K1A.com.example.\(Self.planted)"],
          "components": [{"/": "/\(Self.planted)/*"}, {"/": "/y\(Self.planted)"}]}]}}

      """)
    runs.append(["diff", oldApple, newApple, "--urls", urls])
    // XML 1.0 forbids ESC and BEL even as references; a carriage return, a tab and U+202E get in.
    let manifest = try directory.write(
      "AndroidManifest.xml",
      """
      <?xml version="1.0" encoding="utf-8"?>
      <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.sh&#9;op\u{202E}">
        <application><activity android:name=".Main" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW"/>
            <category android:name="android.intent.category.DEFAULT"/>
            <category android:name="android.intent.category.BROWSABLE"/>
            <data android:scheme="https"/>
            <data android:host="shop&#13;.example.com"/>
            <data android:host="*.exa&#9;mple\u{202E}.com"/>
            <data android:host="shop.example.com"/>
          </intent-filter>
        </activity></application>
      </manifest>
      """)
    runs.append([manifest])
    for arguments in runs {
      let output = try await LintProcess.run(arguments)
      #expect(output.status != 2, "\(arguments): \(output.stderr)")
      Self.expectEscaped(output, "\(arguments)")
      #expect(
        !output.stdout.contains("\t"),
        "\(arguments): a raw tab in \(output.stdout.debugDescription)")
    }
    let routed = try await LintProcess.run([old, "--urls", urls, "-v"])
    #expect(routed.stdout.contains(#"/x\u{1B}[31mRED\u{7}\u{D}\u{0}\u{202E}gnp.exe/1"#))
    #expect(routed.stdout.contains(#"/\u{9}/2"#), "\(routed.stdout)")

    let tsv = try await LintProcess.run([old, "--urls", urls, "--format", "tsv"])
    Self.expectEscaped(tsv, "assetlinks --format tsv")
    Self.expectColumns(tsv, 3)
    let hosts = try await LintProcess.run([manifest, "--format", "tsv"])
    Self.expectEscaped(hosts, "manifest --format tsv")
    Self.expectColumns(hosts, 2)

    let made = try TestCertificate.selfSigned(
      in: directory, name: "c", commonName: "Play\u{1B}[31mRED\u{202E}", alternativeNames: [],
      days: 2)
    let fingerprint = try await LintProcess.run(["fingerprint", made.certificatePath])
    Self.expectEscaped(fingerprint, "fingerprint")
    #expect(fingerprint.stdout.contains(#"CN=Play\u{1B}[31mRED"#), "\(fingerprint.stdout)")
  }

  @Test("an error quotes the argument or file name it refuses escaped, on one line each")
  func errors() async throws {
    let directory = try TemporaryDirectory(label: "control-errors")
    let file = try directory.write("aasa.json", Self.hostileAssociation)
    // The planted characters but NUL, which no argument or file name can hold.
    let planted = Self.planted.replacing("\u{00}", with: "")
    let missing = directory.file("missing\(planted).json")
    let runs: [[String]] = [
      [missing], ["fingerprint", missing], ["diff", missing, file], [file, "--urls", missing],
      [file, "--expect", missing], [file, "--domain", planted, "/a"],
      [file, "--kind", planted], [file, "--\(planted)"],
    ]
    for arguments in runs {
      let output = try await LintProcess.run(arguments)
      #expect(output.status == 2, "\(arguments): \(output.stderr)")
      Self.expectEscaped(output, "\(arguments)")
      #expect(output.stderr.contains("x\\u{1B}[31mRED"), "\(arguments): \(output.stderr)")
    }
    let serve = try await ChildProcess.run(
      BuiltProducts.executable("aasa-serve"), ["--port", planted])
    #expect(serve.status == 2, "\(serve.stderr)")
    Self.expectEscaped(serve, "aasa-serve --port")
    #expect(serve.stderr.hasPrefix("aasa-serve: "), "\(serve.stderr)")
  }

  @Test("inbound shows the sender's characters escaped, in aligned columns")
  func inbound() async throws {
    let url = "bolts://docs?x=%1B%5B31m&y=\u{202E}z"
    let output = try await LintProcess.run(["inbound", url])
    Self.expectEscaped(output, "inbound")
    let labels = output.lines.filter { !$0.hasPrefix(" ") && !$0.hasPrefix("<url>") }
    let columns = Set(
      labels.compactMap { line -> Int? in
        guard let gap = line.range(of: "  ") else { return nil }
        var index = gap.upperBound
        while index < line.endIndex, line[index] == " " { index = line.index(after: index) }
        return line.distance(from: line.startIndex, to: index)
      })
    #expect(columns.count == 1, "\(output.stdout)")
  }
}

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
  func localFile() throws {
    let directory = try TemporaryDirectory(label: "control-local")
    let file = try directory.write("aasa.json", Self.hostileAssociation)
    let urls = try directory.write("urls.txt", "/\(Self.planted)/1\n/plain\n")
    let path = "/\(Self.planted)/1"
    var saw = false
    for format in ["text", "json", "sarif", "github"] {
      let output = try LintProcess.run([file, path, "--format", format, "-v"])
      Self.expectEscaped(output, "--format \(format)")
      #expect(output.status == 1, "\(format): \(output.stderr)")
      saw = saw || output.stdout.contains("\\u{1B}") || output.stdout.contains("\\u001b")
    }
    #expect(saw)
    let text = try LintProcess.run([file, path])
    // The linter's own finding about the character, and the escaped source line under it.
    #expect(text.stdout.contains("[AASA006]"), "\(text.stdout)")
    #expect(
      text.stdout.contains(#"x\u{1B}[31mRED\u{7}\u{D}\u{0}\u{202E}gnp.exe"#), "\(text.stdout)")
    let tsv = try LintProcess.run([file, "--urls", urls, "--format", "tsv"])
    Self.expectEscaped(tsv, "--format tsv")
    let files = try LintProcess.run(["files", file])
    Self.expectEscaped(files, "files")
  }

  @Test("a page's tag values are escaped in the table and the navigation")
  func localPage() throws {
    let directory = try TemporaryDirectory(label: "control-page")
    let page = try directory.write("page.html", Self.hostilePage)
    for arguments in [
      [page], [page, "--platform", "iphone", "--installed", "bolts"],
      [page, "--format", "json"], [page, "--format", "sarif"],
    ] {
      let output = try LintProcess.run(arguments)
      Self.expectEscaped(output, "\(arguments)")
    }
  }

  @Test("a fetched file, a fetched page and a live check escape the server's characters")
  func fetched() throws {
    let server = try LoopbackHTTPS(routes: [
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
      let output = try LintProcess.run(arguments)
      #expect(output.status != 2, "\(arguments): \(output.stderr)")
      Self.expectEscaped(output, "\(arguments)")
    }
  }

  @Test("inbound shows the sender's characters escaped, in aligned columns")
  func inbound() throws {
    let url = "bolts://docs?x=%1B%5B31m&y=\u{202E}z"
    let output = try LintProcess.run(["inbound", url])
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

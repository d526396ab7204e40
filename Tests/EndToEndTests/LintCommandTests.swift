import Foundation
import TestSupport
import Testing

/// `aasa-lint` run as a process on real files: exit codes, inputs, formats and colour.
@Suite("aasa-lint end to end")
struct LintCommandTests {
  static let site = "examples/site/.well-known/apple-app-site-association"
  static let videoApp = "D3KQX62K1A.com.example.videoapp"
  static let photoApp = "D3KQX62K1A.com.example.photoapp"

  /// A file whose only findings are warnings: an unknown top-level key.
  static let warningsOnly = #"""
    {
      "applinks": {
        "details": [{"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "/a/*"}]}]
      },
      "webcredential": {"apps": ["D3KQX62K1A.com.example.app"]}
    }
    """#

  @Test("the binary under test exists")
  func binaryExists() {
    #expect(FileManager.default.isExecutableFile(atPath: LintProcess.executable))
  }

  // MARK: Exit codes

  @Test("a clean file exits 0 and says so")
  func cleanFile() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy(Self.site, as: "apple-app-site-association")
    let output = try await LintProcess.run([file])
    #expect(output.status == 0)
    #expect(output.stdout.contains("no problems"))
    #expect(output.stderr.isEmpty)
  }

  @Test("a file with errors exits 1 and shows each finding with file:line:column")
  func errorsExitOne() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/common-mistakes.json", as: "aasa.json")
    let output = try await LintProcess.run([file])
    #expect(output.status == 1)
    #expect(output.stdout.contains("\(file):3:13: error: "))
    #expect(output.stdout.contains("[AASA104]"))
    #expect(output.stdout.contains("= at: applinks.apps"))
    #expect(output.stdout.contains("= help: "))
    #expect(!output.stderr.contains("Fatal error"))
  }

  @Test("invalid JSON exits 1 and points at the offending character")
  func invalidJSON() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/trailing-comma.json", as: "aasa.json")
    let output = try await LintProcess.run([file])
    #expect(output.status == 1)
    #expect(output.stdout.contains("\(file):8:26: error: "))
    #expect(output.stdout.contains("[AASA002]"))
    let truncated = try dir.copy("examples/broken/truncated.json", as: "truncated.json")
    let cut = try await LintProcess.run([truncated])
    #expect(cut.status == 1)
    #expect(cut.stdout.contains("[AASA001]"))
    #expect(!cut.stderr.contains("Fatal error"))
  }

  @Test("warnings exit 0, and 1 under --strict")
  func strict() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.write("aasa.json", Self.warningsOnly)
    let lenient = try await LintProcess.run([file])
    #expect(lenient.status == 0)
    #expect(lenient.stdout.contains("warning: "))
    #expect(lenient.stdout.contains("[AASA102]"))
    let strict = try await LintProcess.run([file, "--strict"])
    #expect(strict.status == 1)
    // Infos never fail, even under --strict.
    let info = try dir.write(
      "info.json",
      #"{"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "*"}]}]}}"#
    )
    let infoRun = try await LintProcess.run([info, "--strict"])
    #expect(infoRun.stdout.contains("[AASA307]"))
    #expect(infoRun.status == 0)
  }

  @Test("an empty file exits 1 with AASA011")
  func emptyFile() async throws {
    let dir = try TemporaryDirectory()
    let output = try await LintProcess.run([try dir.write("empty.json", "")])
    #expect(output.status == 1)
    #expect(output.stdout.contains("[AASA011]"))
  }

  @Test(
    "usage errors and unreadable input exit 2 without a stack trace",
    arguments: [
      ["/nonexistent/apple-app-site-association"],
      ["SITE", "--frobnicate"],
      ["SITE", "--format", "yaml"],
      ["SITE", "--color", "sometimes"],
      ["-", "--urls", "-"],
      ["SITE", "/albums/1", "--domain", "example.com/albums"],
      ["SITE", "/albums/1", "--domain", "applinks:example.com?mode=sometimes"],
      ["SITE", "--max-size", "lots"],
      ["SITE", "--max-size", "1K"],
      ["SITE", "--urls", "/nonexistent/urls.txt"],
      ["SITE", "/albums/1", "--urls", "URLS"],
      ["DIR"],
      [],
    ])
  func usageErrors(arguments: [String]) async throws {
    let dir = try TemporaryDirectory()
    let site = try dir.copy(Self.site, as: "site.json")
    let urls = try dir.write("urls.txt", "/albums/1\n")
    let resolved = arguments.map {
      switch $0 {
      case "SITE": site
      case "URLS": urls
      case "DIR": dir.url.path
      default: $0
      }
    }
    let output = try await LintProcess.run(resolved, stdin: "{}")
    expectCleanFailure(output)
  }

  @Test("an unknown --app routes nowhere, names the app meant, and keeps the report")
  func unknownAppMessage() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run([site, "/videos/1", "--app", "com.example.videoapp"])
    #expect(output.status == 0, "a warning, not a usage error")
    #expect(output.stdout.contains("[AASA209]"))
    #expect(output.stdout.contains("did you mean \(Self.videoApp)?"))
    #expect(output.stdout.contains("/videos/1  →  com.example.videoapp is not in the file"))
    let strict = try await LintProcess.run([
      site, "/videos/1", "--app", "com.example.videoapp", "--strict",
    ])
    #expect(strict.status == 1)
  }

  // MARK: Inputs

  @Test("FILE - reads the file from standard input")
  func fileFromStandardInput() async throws {
    let text = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent(Self.site), encoding: .utf8)
    let output = try await LintProcess.run(["-", "/albums/1", "--format", "tsv"], stdin: text)
    #expect(output.status == 0)
    #expect(output.lines == ["/albums/1\t\(Self.photoApp)\tmatch"])
    let broken = try await LintProcess.run(["-"], stdin: #"{"applinks": {"details": [],}}"#)
    #expect(broken.status == 1)
    #expect(broken.stdout.contains("<stdin>:1:28: error: "))
  }

  static let urlList =
    "/albums/1\r\n\n/videos/samples/2010/x\n/nothing/here\nhttps://example.com/videos/collections/7"

  static let expectedTSV = [
    "/albums/1\t\(photoApp)\tmatch",
    "/videos/samples/2010/x\t-\tblocked",
    "/nothing/here\t-\tnone",
    "https://example.com/videos/collections/7\t\(videoApp)\tmatch",
  ]

  @Test("--urls LIST routes one URL per line; blank lines are skipped, CRLF accepted")
  func urlsFromFile() async throws {
    let dir = try TemporaryDirectory()
    let site = try dir.copy(Self.site, as: "site.json")
    let list = try dir.write("urls.txt", Self.urlList)
    let output = try await LintProcess.run([site, "--urls", list, "--format", "tsv"])
    #expect(output.status == 0)
    #expect(output.lines == Self.expectedTSV)
  }

  @Test("--urls - reads the URLs from standard input")
  func urlsFromStandardInput() async throws {
    let dir = try TemporaryDirectory()
    let site = try dir.copy(Self.site, as: "site.json")
    let output = try await LintProcess.run(
      [site, "--urls", "-", "--format", "tsv"], stdin: Self.urlList + "\n")
    #expect(output.status == 0)
    #expect(output.lines == Self.expectedTSV)
  }

  @Test("--format tsv with --app: that app's verdict for each URL")
  func tsvForOneApp() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run(
      [site, "/albums/1", "/videos/samples/2010/x", "--app", Self.videoApp, "--format", "tsv"])
    #expect(output.status == 0)
    #expect(
      output.lines == [
        "/albums/1\t-\tnone", "/videos/samples/2010/x\t-\tblocked",
      ])
  }

  @Test("--domain: a full URL for another host opens no app")
  func domain() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run(
      [
        site, "https://EXAMPLE.com/albums/1", "https://other.example/albums/1", "--domain",
        "example.com", "--format", "tsv",
      ])
    #expect(
      output.lines == [
        "https://EXAMPLE.com/albums/1\t\(Self.photoApp)\tmatch",
        "https://other.example/albums/1\t-\tnone",
      ])
  }

  // MARK: JSON

  @Test("--format json follows the contract")
  func jsonContract() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/common-mistakes.json", as: "aasa.json")
    let output = try await LintProcess.run(
      [file, "/albums/2024/x", "/videos/private/1", "/nothing", "--format", "json"])
    #expect(output.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(object["file"] as? String == file)

    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(!diagnostics.isEmpty)
    for diagnostic in diagnostics {
      #expect(diagnostic["code"] is String)
      #expect(["error", "warning", "info"].contains(diagnostic["severity"] as? String))
      #expect(diagnostic["path"] is String)
      #expect(diagnostic["line"] is Int)
      #expect(diagnostic["column"] is Int)
      #expect(diagnostic["message"] is String)
      #expect(diagnostic["help"] is String)
    }
    let apps = try #require(
      diagnostics.first { $0["code"] as? String == "AASA104" })
    #expect(apps["path"] as? String == "applinks.apps")
    #expect(apps["line"] as? Int == 3)
    #expect(apps["column"] as? Int == 13)
    #expect(apps["severity"] as? String == "error")

    let routes = try #require(object["routes"] as? [[String: Any]])
    #expect(
      routes.map { $0["input"] as? String } == ["/albums/2024/x", "/videos/private/1", "/nothing"])
    for route in routes {
      #expect(route.keys.contains("app"))
      let verdicts = try #require(route["verdicts"] as? [[String: Any]])
      #expect(verdicts.count == 2)
      for verdict in verdicts {
        #expect(verdict["app"] is String)
        #expect(["match", "blocked", "none"].contains(verdict["verdict"] as? String))
        for key in ["detail", "component", "rule"] { #expect(verdict.keys.contains(key), "\(key)") }
      }
    }
    // A component rule is the object as written; the app that matches is named.
    #expect(routes[0]["app"] as? String == "TEAMID.com.example.photoapp")
    let component = try #require((routes[0]["verdicts"] as? [[String: Any]])?[0])
    #expect(component["verdict"] as? String == "match")
    #expect(component["detail"] as? Int == 0)
    #expect(component["component"] as? Int == 0)
    let rule = try #require(component["rule"] as? [String: Any], "\(component["rule"] ?? "nil")")
    #expect(rule["/"] as? String == "/albums/*")
    #expect(rule["casesensitive"] as? Bool == false)
    // No app: null app, and a none verdict with null detail, component and rule.
    #expect(routes[2]["app"] is NSNull)
    let none = try #require((routes[2]["verdicts"] as? [[String: Any]])?[0])
    #expect(none["verdict"] as? String == "none")
    #expect(none["detail"] is NSNull)
    #expect(none["component"] is NSNull)
    #expect(none["rule"] is NSNull)
  }

  @Test("--format json: a legacy rule is its string, and --app keeps that app's verdicts only")
  func jsonLegacyRuleAndApp() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run(
      [site, "/videos/samples/2010/x", "/albums/1", "--app", Self.videoApp, "--format", "json"])
    #expect(output.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect((object["diagnostics"] as? [Any])?.isEmpty == true)
    let routes = try #require(object["routes"] as? [[String: Any]])
    #expect(routes.count == 2)
    let verdicts = try #require(routes[0]["verdicts"] as? [[String: Any]])
    #expect(verdicts.count == 1)
    #expect(verdicts[0]["app"] as? String == Self.videoApp)
    #expect(verdicts[0]["verdict"] as? String == "blocked")
    #expect(verdicts[0]["detail"] as? Int == 1)
    #expect(verdicts[0]["component"] as? Int == 1)
    #expect(verdicts[0]["rule"] as? String == "NOT /videos/samples/2010/*")
    #expect(routes[0]["app"] is NSNull)
    let albums = try #require(routes[1]["verdicts"] as? [[String: Any]])
    #expect(albums.map { $0["app"] as? String } == [Self.videoApp])
    #expect(albums[0]["verdict"] as? String == "none")
  }

  @Test("--format json for a file that is not JSON at all still prints one JSON object")
  func jsonForGarbage() async throws {
    // Not `<html>…`: a file starting with `<` is an App Links page (docs/applinks.md).
    let output = try await LintProcess.run(["-", "--format", "json"], stdin: "nope, not JSON")
    #expect(output.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    #expect(object["file"] as? String == "<stdin>")
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.first?["code"] as? String == "AASA001")
    #expect(diagnostics.first?["line"] as? Int == 1)
    #expect(diagnostics.first?["column"] as? Int == 1)
  }

  // MARK: Text

  @Test("text output names the deciding rule, as in the issue")
  func issueExampleLine() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run([site, "/videos/samples/2010/x"])
    #expect(output.status == 0)
    #expect(
      output.lines.contains(
        #"/videos/samples/2010/x  →  blocked for D3KQX62K1A.com.example.videoapp by details[1].paths[1] "NOT /videos/samples/2010/*""#
      ), "\(output.stdout)")
  }

  @Test("text output aligns the arrows and lists every app's verdict with -v")
  func verboseText() async throws {
    let site = BuiltProducts.packageRoot.appendingPathComponent(Self.site).path
    let output = try await LintProcess.run([site, "/albums/1", "/videos/samples/2010/x", "-v"])
    #expect(output.status == 0)
    let headlines = output.lines.filter { $0.contains("  →  ") }
    #expect(headlines.count == 2)
    let columns = Set(headlines.map { $0.range(of: "→")!.lowerBound.utf16Offset(in: $0) })
    #expect(columns.count == 1, "\(headlines)")
    #expect(output.stdout.contains("caseSensitive: false"))
    #expect(output.lines.contains { $0.contains("\(Self.videoApp): ") && $0.contains("blocked") })
  }

  // MARK: Colour

  @Test("no ANSI escapes when standard output is not a terminal, or with --color never")
  func noColourOffTerminal() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/common-mistakes.json", as: "aasa.json")
    for arguments in [[file, "/albums/1"], [file, "/albums/1", "--color", "never"]] {
      let output = try await LintProcess.run(arguments)
      #expect(output.status == 1)
      #expect(!containsANSI(output.stdout))
      #expect(!containsANSI(output.stderr))
    }
    let noColor = try await LintProcess.run([file, "/albums/1"], environment: ["NO_COLOR": "1"])
    #expect(!containsANSI(noColor.stdout))
  }

  @Test("ANSI escapes with --color always")
  func colourAlways() async throws {
    let dir = try TemporaryDirectory()
    let file = try dir.copy("examples/broken/common-mistakes.json", as: "aasa.json")
    let output = try await LintProcess.run([file, "/albums/1", "--color", "always"])
    #expect(output.status == 1)
    #expect(containsANSI(output.stdout))
    #expect(output.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"))
  }

  @Test("on a terminal: colour by default, none with NO_COLOR=1 or --color never")
  func colourOnTerminal() async throws {
    let file = BuiltProducts.packageRoot.appendingPathComponent(
      "examples/broken/common-mistakes.json"
    )
    .path
    guard let coloured = try await LintProcess.runOnTerminal([file, "/albums/1"]) else { return }
    #expect(coloured.status == 1)
    #expect(containsANSI(coloured.stdout))
    let noColor = try #require(
      try await LintProcess.runOnTerminal([file, "/albums/1"], environment: ["NO_COLOR": "1"]))
    #expect(noColor.status == 1)
    #expect(noColor.stdout.contains("[AASA104]"))
    #expect(!containsANSI(noColor.stdout))
    let never = try #require(try await LintProcess.runOnTerminal([file, "--color", "never"]))
    #expect(!containsANSI(never.stdout))
  }
}

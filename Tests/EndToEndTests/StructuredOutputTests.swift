import Foundation
import TestSupport
import Testing

/// Every structured output of every subcommand is ONE JSON document: what `json.load` and a
/// code-scanning upload read in one parse, never documents one after another.
@Suite("One document per run")
struct StructuredOutputTests {
  static let broken = [
    "examples/broken/assetlinks-mistakes.json", "examples/broken/common-mistakes.json",
    "examples/broken/trailing-comma.json", "examples/broken/truncated.json",
    "examples/broken/typographic-quotes.json",
  ]

  /// The whole output as one JSON value, or a failure that shows it.
  static func document(
    _ output: ProcessResult, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [String: Any] {
    let parsed = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    return try #require(
      parsed as? [String: Any], "not one JSON object:\n\(output.stdout)\n\(output.stderr)",
      sourceLocation: sourceLocation)
  }

  static func path(_ relative: String) -> String {
    BuiltProducts.packageRoot.appendingPathComponent(relative).path
  }

  @Test("files --format sarif writes one SARIF 2.1.0 log with one run holding every file")
  func filesSARIF() async throws {
    let files = Self.broken.map(Self.path)
    let output = try await LintProcess.run(["files"] + files + ["--format", "sarif"])
    #expect(output.status == 1, "\(output.stderr)")
    let log = try Self.document(output)
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let uris = Set(
      results.compactMap { result in
        ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
          .flatMap { ($0["artifactLocation"] as? [String: Any])?["uri"] as? String }
      })
    #expect(uris == Set(files), "\(uris)")
    // Each result points at its rule in the one rules array.
    let rules = try #require(
      ((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"]
        as? [[String: Any]])
    for result in results {
      let index = try #require(result["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
    }
  }

  @Test("files --format json writes one object with every file's report and the totals")
  func filesJSON() async throws {
    let files = Self.broken.map(Self.path)
    let output = try await LintProcess.run(["files"] + files + ["--format", "json"])
    #expect(output.status == 1)
    let report = try Self.document(output)
    let reports = try #require(report["files"] as? [[String: Any]])
    #expect(reports.map { $0["file"] as? String } == files)
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["files"] as? Int == files.count)
    let errors = reports.map { ($0["summary"] as? [String: Any])?["errors"] as? Int ?? 0 }
    #expect(summary["errors"] as? Int == errors.reduce(0, +))
    #expect((report["unreadable"] as? [Any])?.isEmpty == true)
  }

  @Test("files --format json holds a manifest's report in files and counts it in the summary")
  func filesJSONWithManifest() async throws {
    let manifest = Self.path("examples/android/AndroidManifest.xml")
    let assetLinks = Self.path("examples/android/assetlinks.json")
    let output = try await LintProcess.run(["files", manifest, assetLinks, "--format", "json"])
    #expect(output.status == 0, "\(output.stderr)")
    let report = try Self.document(output)
    let reports = try #require(report["files"] as? [[String: Any]])
    #expect(reports.map { $0["file"] as? String } == [manifest, assetLinks])
    #expect(reports.first?["kind"] as? String == "manifest")
    let summary = try #require(report["summary"] as? [String: Any])
    #expect(summary["files"] as? Int == 2)
    for severity in ["errors", "warnings", "infos"] {
      let each = reports.map { ($0["summary"] as? [String: Any])?[severity] as? Int ?? 0 }
      #expect(summary[severity] as? Int == each.reduce(0, +), "\(severity)")
    }
    // The manifest's own findings are among those counted (3 warnings, 1 info in the example).
    let manifestSummary = try #require(reports.first?["summary"] as? [String: Any])
    #expect(manifestSummary["warnings"] as? Int == 3)
  }

  @Test("files lints every readable file, reports the unreadable one, and exits 2")
  func filesUnreadable() async throws {
    let good = Self.path("examples/site/.well-known/apple-app-site-association")
    let broken = Self.path("examples/broken/common-mistakes.json")
    let missing = "no-such-file.json"
    let arguments = ["files", missing, good, broken]

    let text = try await LintProcess.run(arguments)
    #expect(text.status == 2)
    #expect(text.stderr.contains("aasa-lint: error: cannot read \(missing)"), "\(text.stderr)")
    #expect(text.stdout.contains("\(good): no problems"), "\(text.stdout)")
    #expect(text.stdout.contains("\(broken): "), "\(text.stdout)")

    let json = try await LintProcess.run(arguments + ["--format", "json"])
    #expect(json.status == 2)
    let report = try Self.document(json)
    #expect((report["files"] as? [Any])?.count == 2)
    let unreadable = try #require(report["unreadable"] as? [[String: Any]])
    #expect(unreadable.first?["file"] as? String == missing)
    #expect((unreadable.first?["problem"] as? String)?.contains("cannot read") == true)

    let sarif = try await LintProcess.run(arguments + ["--format", "sarif"])
    #expect(sarif.status == 2)
    let log = try Self.document(sarif)
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
    #expect(invocation["executionSuccessful"] as? Bool == false)
    let notifications = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
    #expect(notifications.count == 1)
    #expect(!(run["results"] as? [Any] ?? []).isEmpty)

    let github = try await LintProcess.run(arguments + ["--format", "github"])
    #expect(github.status == 2)
    #expect(github.stdout.contains("::error file=\(missing),title=unreadable file::"))
  }

  /// Each subcommand's structured formats, on inputs of every kind: one parse each.
  @Test("every subcommand's json and sarif output parses as one document")
  func everySubcommand() async throws {
    let directory = try TemporaryDirectory(label: "structured")
    let aasa = Self.path("examples/site/.well-known/apple-app-site-association")
    let assetLinks = Self.path("examples/site/.well-known/assetlinks.json")
    let page = Self.path("examples/applinks/docs.html")
    let routes = Self.path("examples/routes/MobileDeepLinkingConfig.json")
    let broken = Self.path("examples/broken/common-mistakes.json")
    let old = Self.path("examples/old.json")
    let new = Self.path("examples/new.json")
    let urls = try directory.write("urls.txt", "/albums/1\n/videos/x\n")
    // A port nothing listens on: the live check fails at once, and still writes its document.
    let closedPort = try await Self.closedPort()

    var runs: [[String]] = []
    for format in ["json", "sarif"] {
      runs += [
        [aasa, "/albums/1", "--format", format],
        [broken, "--format", format],
        [assetLinks, "--format", format],
        [page, "--format", format],
        [routes, "mdldemo://sale/5", "--format", format],
        ["files", aasa, assetLinks, page, routes, broken, "--format", format],
        ["check", "https://127.0.0.1:\(closedPort)", "--format", format, "--timeout", "5"],
      ]
    }
    runs += [
      ["diff", old, new, "--format", "json", "--urls", urls],
      [
        "inbound", "bolts://docs?al_applink_data=%7B%22target_url%22%3A%22x%22%7D", "--format",
        "json",
      ],
    ]
    for arguments in runs {
      let output = try await LintProcess.run(arguments)
      #expect(output.status != 2, "\(arguments): \(output.stderr)")
      let parsed = try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
      #expect(parsed is [String: Any], "\(arguments) is not one document:\n\(output.stdout)")
    }
  }

  /// A loopback port that was free a moment ago and has nothing listening.
  static func closedPort() async throws -> Int {
    let probe = try await ChildProcess.run(
      ExecutableLookup.require("python3"),
      [
        "-c",
        "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
      ])
    return try #require(Int(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
  }
}

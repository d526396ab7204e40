import Foundation
import TestSupport
import Testing

/// `aasa-lint route --expect` from the command line: a column per platform checked against that
/// platform's answer, in every format route writes, with the exit status every `--expect` has;
/// a table route cannot check refused with its file:line:column, status 2 and no output.
@Suite struct RouteExpectCommandTests {
  static let app = "D3KQX62K1A.com.example.photoapp"
  static let package = "com.example.photoapp"
  static let manifest = "examples/photoapp/AndroidManifest.xml"
  static var root: URL { BuiltProducts.packageRoot }

  /// `route --site examples/site --domain example.com --manifest … --expect TABLE extra…`, run
  /// from the repository's root, with the table written to a fresh folder.
  static func route(_ table: String, _ extra: [String] = []) async throws -> (
    result: ProcessResult, table: String
  ) {
    let directory = try TemporaryDirectory(label: "route-expect")
    let path = try directory.write("links.tsv", table)
    let result = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "--manifest",
        Self.manifest, "--expect", path,
      ] + extra, in: Self.root)
    return (result, path)
  }

  static let allMet = """
    # url               ios                               android
    /albums/1           D3KQX62K1A.com.example.photoapp   com.example.photoapp/.AlbumActivity
    /account/settings   blocked                           none
    /help/1             none                              com.example.photoapp/.HelpActivity
    /videos/x           -                                 none

    """

  @Test func aTableMetOnBothPlatformsExitsZero() async throws {
    let (result, table) = try await Self.route(Self.allMet)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "examples/site (example.com)\n\(table): 7 of 7 expectations met\n")
    #expect(result.stderr.isEmpty)
  }

  @Test func eachPlatformsMismatchIsReportedAtItsCell() async throws {
    let (result, table) = try await Self.route(
      """
      # url ios android
      /albums/1 none \(Self.package)/.AlbumActivity
      /help/1 none \(Self.package)/.AlbumActivity
      /videos/x - -

      """)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout == """
        examples/site (example.com)
        mismatch \(table):2:11: /albums/1: iOS expected none, got \(Self.app) by details[0].components[1] {"/":"/albums/*","comment":"Every album"}
        mismatch \(table):3:14: /help/1: Android expected \(Self.package)/.AlbumActivity, got \(Self.package)/.HelpActivity (intent filter at 15:7, android:pathPrefix="/help/" at 19:65)
        \(table): 2 of 4 expectations met

        """)
  }

  @Test func dontCareCellsAreNotCounted() async throws {
    let (result, table) = try await Self.route(
      "# url ios android\n/account/a - -\n/albums/2 - \(Self.package)\n")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("\(table): 1 of 1 expectations met\n"))
  }

  @Test func jsonCarriesEveryCheckedCell() async throws {
    let (result, _) = try await Self.route(
      "# url android ios\n/albums/1 \(Self.package) blocked\n", ["--format", "json"])
    #expect(result.status == 1, "\(result.stderr)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["kind"] as? String == "route")
    let expectations = try #require(document["expectations"] as? [String: Any])
    #expect(expectations["met"] as? Int == 1)
    #expect(expectations["failed"] as? Int == 1)
    let results = try #require(expectations["results"] as? [[String: Any]])
    #expect(results.map { $0["platform"] as? String } == ["android", "ios"])
    #expect(results.map { $0["line"] as? Int } == [2, 2])
    #expect(results.map { $0["column"] as? Int } == [11, 32])
    #expect(results.map { $0["verdict"] as? String } == ["opens", "opens"])
    #expect(results.map { $0["met"] as? Bool } == [true, false])
    #expect((document["routes"] as? [Any])?.isEmpty == true)
  }

  @Test func tsvWritesTheRowsAndTellsMismatchesOnStandardError() async throws {
    let (result, table) = try await Self.route(
      "# url ios android\n/albums/1 \(Self.app) none\n", ["/help/1", "--format", "tsv"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        https://example.com/help/1\tnone\topens\t.HelpActivity
        https://example.com/albums/1\topens\topens\t.AlbumActivity

        """)
    #expect(
      result.stderr.contains(
        "mismatch \(table):2:43: /albums/1: Android expected none, got \(Self.package)/.AlbumActivity"
      ), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("\(table): 1 of 2 expectations met\n"))
  }

  @Test func githubAndSARIFCarryTheMismatchesAtTheirLines() async throws {
    let table = "# url ios android\n/albums/1 \(Self.app) none\n/help/1 none -\n"
    let (github, path) = try await Self.route(table, ["--format", "github"])
    #expect(github.status == 1)
    #expect(
      github.stdout
        == "::error file=\(path.replacing(":", with: "%3A")),line=2,title=routing changed::\(path):2:43: /albums/1: Android expected none, got \(Self.package)/.AlbumActivity (intent filter at 7:7, android:pathPrefix=\"/albums/\" at 11:65)\n",
      "\(github.stdout)")
    let (sarif, sarifPath) = try await Self.route(table, ["--format", "sarif"])
    #expect(sarif.status == 1)
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let results = try #require(
      ((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
    #expect(results.map { $0["ruleId"] as? String } == ["routing-expectation"])
    let location = try #require(
      (results.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"]
        as? [String: Any])
    #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == sarifPath)
    #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 2)
    // Without a mismatch, nothing to annotate and status 0.
    let (clean, _) = try await Self.route(
      "# url ios\n/albums/1 \(Self.app)\n", ["--format", "github"])
    #expect(clean.status == 0)
    #expect(clean.stdout.isEmpty)
  }

  @Test func theTwoFieldTableOfTheOtherCommandsIsIOS() async throws {
    // examples/routes.tsv is the table `aasa-lint apple-app-site-association --expect` reads.
    let result = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "--expect",
        "examples/routes.tsv",
      ], in: Self.root)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.hasSuffix("examples/routes.tsv: 2 of 2 expectations met\n"))
    let lint = try await LintProcess.run(
      [
        "examples/site/.well-known/apple-app-site-association", "--expect",
        "examples/routes.tsv",
      ], in: Self.root)
    #expect(lint.status == 0)
    #expect(lint.stdout.hasSuffix("examples/routes.tsv: 2 of 2 expectations met\n"))
  }

  @Test func aTableOnStandardInput() async throws {
    let result = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "--manifest",
        Self.manifest, "--expect", "-",
      ], stdin: "# url android\n/albums/1 \(Self.package)/.AlbumActivity\n", in: Self.root)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("<stdin>: 1 of 1 expectations met\n"))
    let both = try await LintProcess.run(
      [
        "route", "--site", "examples/site", "--domain", "example.com", "--urls", "-",
        "--expect", "-",
      ], stdin: "", in: Self.root)
    #expect(both.status == 2)
    #expect(both.stderr.contains("cannot both read standard input"))
  }

  @Test(
    "a table route cannot check: file:line:column, status 2, nothing on standard output",
    arguments: [
      ("# url ios windows\n/a none none\n", ":1:11: unknown column \"windows\""),
      ("# url ios andriod\n/a none none\n", "did you mean android?"),
      ("# url ios apple\n/a - -\n", ":1:11: the ios column is named twice"),
      (
        "# url ios android\n/a none\n",
        ":2:8: this row has 2 fields and the header at line 1 names 3"
      ),
      ("# url ios android\n/a none none x\n", ":2:14: this row has 4 fields"),
      ("/a\tnone\tnone\n", ":1:9: this row has 3 fields: a table without a header has two"),
      ("# url android\n/a open\n", ":2:4: \"open\" is not a value of the android column"),
      (
        "# url ios\n/a D3KQX62K1A.com.example.photoap\n",
        ":2:4: the ios column names an app the site does not: D3KQX62K1A.com.example.photoap is not listed in applinks, so it opens no URL of this file; did you mean D3KQX62K1A.com.example.photoapp?"
      ),
      (
        "# url android\n/a com.example.other\n",
        ":2:4: the android column names com.example.other, but route answers for the Android app com.example.photoapp"
      ),
    ])
  func malformedTable(table: String, message: String) async throws {
    let (result, path) = try await Self.route(table)
    #expect(result.status == 2, "\(result.stdout)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(result.stderr.hasPrefix("aasa-lint: error: \(path):"), "\(result.stderr)")
    // A message starting with `:` is located: it follows the table's path.
    #expect(
      result.stderr.contains(message.hasPrefix(":") ? path + message : message),
      "\(result.stderr)")
  }

  @Test func anIOSCellForAnotherAppThanAppIsRefused() async throws {
    let (result, path) = try await Self.route(
      "# url ios\n/albums/1 D3KQX62K1A.com.example.videoapp\n", ["--app", Self.app])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "aasa-lint: error: \(path):2:11: the ios column names D3KQX62K1A.com.example.videoapp, but route answers for the iOS app \(Self.app)"
      ), "\(result.stderr)")
  }

  @Test func helpTeachesTheTableWithinEightyColumns() async throws {
    let help = try await LintProcess.run(["help", "route"], environment: ["COLUMNS": "80"])
    #expect(help.stdout.contains("--expect links.tsv"))
    #expect(help.stdout.contains("# url        ios"))
    for line in help.stdout.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where line.hasSuffix("\\") {
      // A continued command goes on, indented, on the next line.
      #expect(lines[index + 1].hasPrefix("      "), "\(line)")
    }
  }
}

import AASA
import Testing

@testable import AASALint

@Suite struct RoutingExpectationTests {
  let file = """
    {"applinks": {"details": [
      {"appIDs": ["D3KQX62K1A.com.example.app"],
       "components": [{"/": "/private/*", "exclude": true}, {"/": "/a/*"}]}
    ]}}
    """

  @Test func parsesTableSkippingCommentsAndBlankLines() throws {
    let table =
      "# pinned routes\n/a/1\tD3KQX62K1A.com.example.app\n\n/private/x\tblocked\r\n/zzz\tnone\n"
    let lines = try RoutingExpectation.parseTable(table, file: "routes.tsv")
    #expect(lines.map(\.line) == [2, 4, 5])
    #expect(lines.map(\.expected) == [.app("D3KQX62K1A.com.example.app"), .blocked, .none])
  }

  @Test func malformedLineNamesItsLineNumber() {
    #expect(throws: RoutingExpectation.FormatError.self) {
      try RoutingExpectation.parseTable("/a\tnone\n/b without a tab\n", file: "routes.tsv")
    }
    do {
      _ = try RoutingExpectation.parseTable("/a\tnone\n/b without a tab\n", file: "routes.tsv")
    } catch {
      #expect("\(error)".hasPrefix("routes.tsv:2:"))
    }
  }

  @Test func mismatchesFailTheRunAndNameTheDecidingRule() throws {
    var run = LintRun(fileName: "aasa.json", source: Array(file.utf8))
    run.expectations = (
      "routes.tsv",
      try RoutingExpectation.parseTable(
        "/a/1\tD3KQX62K1A.com.example.app\n/private/a\tD3KQX62K1A.com.example.app\n",
        file: "routes.tsv")
    )
    let output = OutputSink()
    let status = try run.run(urls: .none, output: output)
    #expect(status == .findings)
    #expect(
      output.text.contains(
        "routes.tsv:2: /private/a: expected D3KQX62K1A.com.example.app, got blocked by details[0].components[0]"
      ))
    #expect(output.text.contains("1 of 2 expectations met"))
  }

  @Test func allMetExitsZero() throws {
    var run = LintRun(fileName: "aasa.json", source: Array(file.utf8))
    run.expectations = (
      "routes.tsv",
      try RoutingExpectation.parseTable(
        "/a/1\tD3KQX62K1A.com.example.app\n/q\tnone\n", file: "routes.tsv")
    )
    let output = OutputSink()
    #expect(try run.run(urls: .none, output: output) == .success)
    #expect(output.text.contains("2 of 2 expectations met"))
  }
}

import AASA
import AASACore
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
    let lines = RoutingExpectation.rows(of: try expectationTable(table))
    #expect(lines.map(\.line) == [2, 4, 5])
    #expect(lines.map(\.expected) == [.app("D3KQX62K1A.com.example.app"), .blocked, .none])
  }

  @Test func malformedLineNamesItsLineNumber() {
    #expect(throws: ExpectationTable.FormatError.self) {
      try expectationTable("/a\tnone\n/b without a tab\n")
    }
    do {
      _ = try expectationTable("/a\tnone\n/b without a tab\n")
    } catch {
      #expect("\(error)".hasPrefix("routes.tsv:2:"))
    }
  }

  @Test func mismatchesFailTheRunAndNameTheDecidingRule() throws {
    var run = LintRun(fileName: "aasa.json", source: Array(file.utf8))
    run.expectations = try expectationTable(
      "/a/1\tD3KQX62K1A.com.example.app\n/private/a\tD3KQX62K1A.com.example.app\n")
    let (status, text) = try rendered(try run.run(urls: .none))
    #expect(status == .findings)
    #expect(
      text.contains(
        "routes.tsv:2: /private/a: expected D3KQX62K1A.com.example.app, got blocked by details[0].components[0]"
      ))
    #expect(text.contains("1 of 2 expectations met"))
  }

  @Test func allMetExitsZero() throws {
    var run = LintRun(fileName: "aasa.json", source: Array(file.utf8))
    run.expectations = try expectationTable("/a/1\tD3KQX62K1A.com.example.app\n/q\tnone\n")
    let (status, text) = try rendered(try run.run(urls: .none))
    #expect(status == .success)
    #expect(text.contains("2 of 2 expectations met"))
  }
}

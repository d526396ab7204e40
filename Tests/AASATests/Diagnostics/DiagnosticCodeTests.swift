import AASA
import AASACore
import Foundation
import TestSupport
import Testing

/// Every code of the catalog, fired by a real AASA text and silent on a near-identical valid one.
@Suite("Diagnostics: one example per code")
struct DiagnosticCodeTests {
  @Test("the code fires with its severity, path and line:column", arguments: DiagnosticCase.all)
  func fires(_ example: DiagnosticCase) throws {
    let input = example.triggerInput
    let report = SiteAssociationLinter().lint(input.bytes)
    let found = report.diagnostics.filter { $0.code.rawValue == example.code }
    try #require(
      !found.isEmpty,
      "\(example.code) not reported; got \(report.diagnostics.map { "\($0.code) \($0.path) \($0.location)" })"
    )
    let here = found.filter {
      $0.location.line == input.line && $0.location.column == input.column
    }
    #expect(
      !here.isEmpty,
      "expected \(example.code) at \(input.line):\(input.column), found at \(found.map(\.location))"
    )
    let finding = try #require(here.first ?? found.first)
    #expect(finding.location.offset == input.offset)
    #expect(finding.path == example.path)
    #expect(finding.severity == example.severity)
    #expect(finding.code.severity == example.severity)
    #expect(!finding.message.isEmpty)
    #expect(!finding.help.isEmpty)
  }

  @Test("the near-identical valid text does not fire the code", arguments: DiagnosticCase.all)
  func silent(_ example: DiagnosticCase) {
    let report = SiteAssociationLinter().lint(example.validBytes)
    let found = report.diagnostics.filter { $0.code.rawValue == example.code }
    #expect(found.isEmpty, "\(found.map { "\($0.path) \($0.location): \($0.message)" })")
  }

  @Test("every code of the catalog has exactly one example, and every example a catalog code")
  func everyCodeHasAnExample() {
    // Codes about what a command asked (`--app`) have no file that fires them on its own.
    let catalog = (DiagnosticCode.jsonCatalog + DiagnosticCode.appleCatalog).filter {
      !DiagnosticCode.aboutQueries.contains($0)
    }
    .map(\.rawValue)
    let examples = DiagnosticCase.all.map(\.code)
    #expect(Set(catalog).subtracting(examples).sorted() == [])
    #expect(Set(examples).subtracting(catalog).sorted() == [])
    #expect(examples.count == Set(examples).count)
  }

  @Test("the broken example file reports every mistake it shows")
  func commonMistakesExample() throws {
    let report = SiteAssociationLinter().lint(
      try readPackageFile("examples/broken/common-mistakes.json"))
    let codes = Set(report.diagnostics.map(\.code.rawValue))
    for code in [
      "AASA104", "AASA201", "AASA203", "AASA305", "AASA306", "AASA400", "AASA304", "AASA202",
      "AASA302", "AASA303", "AASA313", "AASA308",
    ] {
      #expect(codes.contains(code), "\(code)")
    }
  }

  @Test("a finding found by the parser carries the location of the value it is about")
  func locationOfAValueInALaterEntry() throws {
    let text = """
      {
        "applinks": {
          "details": [
            { "appIDs": ["D3KQX62K1A.com.example.one"], "components": [{ "/": "/a/*" }] },
            {
              "appIDs": ["D3KQX62K1A.com.example.two"],
              "components": [
                { "/": "/b/*" },
                { "/": "/c/*", "?": { "page": true } }
              ]
            }
          ]
        }
      }
      """
    let report = SiteAssociationLinter().lint(Array(text.utf8))
    let finding = try #require(report.diagnostics.first { $0.code == .Apple.nonStringQueryValue })
    #expect(finding.path == "applinks.details[1].components[1].?.page")
    #expect(finding.location.line == 9)
    #expect(finding.location.column == 41)
    // One broken value never hides the rest: the entry is still parsed and routed.
    let details = try #require(report.association?.appLinks?.details)
    #expect(details.count == 2)
    #expect(details[1].rules.count == 2)
  }

  @Test("a duplicate single appID is named by its own key")
  func duplicateSingleAppIDPath() throws {
    let text = #"""
      {"applinks": {"details": [
        {"appID": "D3KQX62K1A.com.example.app", "paths": ["/a/*"]},
        {"appID": "D3KQX62K1A.com.example.app", "paths": ["/b/*"]}
      ]}}
      """#
    let report = SiteAssociationLinter().lint(Array(text.utf8))
    let finding = try #require(report.diagnostics.first { $0.code == .Apple.duplicateAppID })
    #expect(finding.location.line == 3)
    #expect(finding.location.column == 13)
    #expect(finding.path == "applinks.details[1].appID")
  }
}

import AASA
import Foundation
import Testing

@testable import AASALint

@Suite struct MachineFormatTests {
  let broken = """
    {"applinks": {"apps": ["x"], "details": [
      {"appIDs": ["TEAMID.com.example.app"], "components": [{"/": "/a/*", "casesensitive": false}]}
    ]}}
    """

  @Test func sarifIsValidSARIF210WithLocations() throws {
    let run = LintRun(fileName: "site/aasa.json", source: Array(broken.utf8))
    let (status, sarif) = try rendered(try run.run(urls: .none), .sarif)
    #expect(status == .findings)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
    #expect(json["version"] as? String == "2.1.0")
    let runs = try #require(json["runs"] as? [[String: Any]])
    let results = try #require(runs.first?["results"] as? [[String: Any]])
    let ruleIDs = results.compactMap { $0["ruleId"] as? String }
    #expect(ruleIDs.contains("AASA104"))
    #expect(ruleIDs.contains("AASA203"))
    #expect(ruleIDs.contains("AASA305"))
    let first = try #require(results.first { $0["ruleId"] as? String == "AASA203" })
    #expect(first["level"] as? String == "error")
    let location = try #require((first["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startLine"] as? Int == 2)
    #expect(region["startColumn"] as? Int == 15)
    let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.count == Set(ruleIDs).count)
  }

  @Test func githubAnnotationsCarryFileLineAndColumn() throws {
    let run = LintRun(fileName: "site/aasa.json", source: Array(broken.utf8))
    let lines = try rendered(try run.run(urls: .none), .github).text.split(separator: "\n")
    #expect(
      lines.contains { $0.hasPrefix("::error file=site/aasa.json,line=2,col=15,title=AASA203") })
    #expect(lines.contains { $0.hasPrefix("::warning file=site/aasa.json,line=2,") })
    #expect(lines.allSatisfy { $0.hasPrefix("::") })
  }

  @Test func githubEscapesPropertiesAndData() {
    #expect(GitHubAnnotationWriter.escapeProperty("a:b,c%") == "a%3Ab%2Cc%25")
    #expect(GitHubAnnotationWriter.escapeData("line1\nline2") == "line1%0Aline2")
  }
}

import AASA
import AASACore

extension ExpectationResult {
  var json: String {
    var out = "{\"line\": \(expectation.line), \"input\": \(JSONValue.quoted(expectation.input)), "
    out += "\"expected\": \(JSONValue.quoted(expectation.expected.description)), "
    out += "\"actual\": \(JSONValue.quoted(actual.description)), \"met\": \(isMet), "
    out += "\"rule\": \(decidingRule.map(JSONReportWriter.ruleJSON) ?? "null")}"
    return out
  }
}

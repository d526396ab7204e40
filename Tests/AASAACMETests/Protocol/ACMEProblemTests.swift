import Foundation
import Testing

@testable import AASAACME

@Suite("ACME: problem documents")
struct ACMEProblemTests {
  @Test func aCompoundProblemIsSaidInWordsWithEachName() throws {
    let json = """
      {"type":"urn:ietf:params:acme:error:compound","detail":"two names failed","status":403,
       "subproblems":[
        {"type":"urn:ietf:params:acme:error:caa","detail":"CAA forbids","identifier":{"type":"dns","value":"a.example.test"}},
        {"type":"urn:ietf:params:acme:error:rejectedIdentifier","detail":"policy\\nforbids","identifier":{"type":"dns","value":"b.example.test"}}]}
      """
    let problem = try JSONDecoder().decode(ACMEProblem.self, from: Data(json.utf8))
    #expect(problem.status == 403)
    #expect(problem.acmeType == "compound")
    let text = problem.description
    #expect(text.hasPrefix("several problems (compound): two names failed; "), "\(text)")
    #expect(
      text.contains(
        "a.example.test: a CAA record forbids this CA to issue for the name (caa): CAA forbids"),
      "\(text)")
    // The CA's control characters are shown escaped, never written into a log line.
    #expect(
      text.contains(
        "b.example.test: the CA will not issue for this name (rejectedIdentifier): policy\\u{a}forbids"
      ), "\(text)")
  }

  @Test func otherNamespacesAndLongDetailsAreKeptShort() {
    let problem = ACMEProblem(
      type: "about:blank", detail: String(repeating: "x", count: 2000), status: 500)
    #expect(problem.acmeType == nil)
    #expect(problem.description.hasPrefix("the CA's problem about:blank: xxx"))
    #expect(problem.description.count < 600)
    #expect(ACMEProblem(type: ACMEProblem.acmeNamespace + "badNonce").isBadNonce)
  }
}

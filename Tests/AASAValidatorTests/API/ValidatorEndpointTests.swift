import Foundation
import TestSupport
import Testing

@testable import AASAValidator

/// Issue 45: the endpoints are one table (``ValidatorEndpoint``) that the handler routes by,
/// `GET /api/v1/about` lists for the page, and docs/validator.md is held to here.
@Suite struct ValidatorEndpointTests {
  /// Every `METHOD /api/v1/NAME` docs/validator.md names is in the table, and every row of the
  /// table is named there.
  @Test func theDocsNameTheTableAndNoOtherEndpoint() throws {
    let docs = String(decoding: try readPackageFile("docs/validator.md"), as: UTF8.self)
    let named = Set(
      docs.matches(of: /(GET|POST|PUT|DELETE|PATCH) \/api\/v1\/[a-z-]+/).map { String($0.output.0) }
    )
    let table = Set(ValidatorEndpoint.allCases.map(\.description))
    #expect(
      named == table,
      "only in the docs: \(named.subtracting(table)); only in the table: \(table.subtracting(named))"
    )
    // A path written without its method is one of the table's too.
    let paths = Set(docs.matches(of: /\/api\/v1\/[a-z-]+/).map { String($0.output) })
    #expect(paths.isSubset(of: Set(ValidatorEndpoint.allCases.map(\.path))), "\(paths)")
  }

  /// about's table is the enum's, and the listener answers each row as the row says: its
  /// method (a body that is not JSON refused where it takes JSON), never another.
  @Test func aboutListsTheTableTheListenerAnswers() async throws {
    let harness = try await ValidatorHarness()
    defer { Task { await harness.close() } }
    let about = try await harness.send("GET", "/api/v1/about")
    #expect(about.status == 200)
    let object = try #require(JSONText.parse(about.text) as? [String: Any])
    let rows = try #require(object["endpoints"] as? [[String: Any]])
    #expect(rows.count == ValidatorEndpoint.allCases.count)
    for (row, endpoint) in zip(rows, ValidatorEndpoint.allCases) {
      #expect(row["method"] as? String == endpoint.method)
      #expect(row["path"] as? String == endpoint.path)
      #expect(row["json"] as? Bool == endpoint.takesJSON)
      #expect(row["network"] as? Bool == endpoint.reachesNetwork)
      #expect((row["purpose"] as? String)?.isEmpty == false)
      let other = endpoint.method == "GET" ? "POST" : "GET"
      let refused = try await harness.send(other, endpoint.path, body: other == "POST" ? "{}" : nil)
      #expect(refused.status == 405, "\(other) \(endpoint.path): \(refused.status)")
      if endpoint.takesJSON {
        // An empty object is read, and answered for its missing fields (not a 404).
        let empty = try await harness.send("POST", endpoint.path, body: "{}")
        #expect(empty.status == 400, "\(endpoint): \(empty.status) \(empty.text)")
        let form = try await harness.send(
          "POST", endpoint.path, body: "a=1", contentType: "application/x-www-form-urlencoded")
        #expect(form.status == 415, "\(endpoint): \(form.status)")
      }
    }
    #expect(try await harness.send("POST", "/api/v1/links", body: "{}").status == 404)
    #expect(try await harness.send("GET", "/api/v2/about").status == 404)
  }
}

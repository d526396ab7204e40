import AASACore
import Foundation
import Testing

@testable import AASAAndroid

/// The export of a router's compiled rules for the validator page: each pattern as
/// ``AndroidPattern`` stores it, each app's rules in force, discarded or missing.
@Suite struct AndroidRouterProgramTests {
  private func encoded(_ program: AndroidRouterProgram) throws -> [String: Any] {
    let data = try JSONEncoder().encode(program)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func patternsAreExportedAsAndroidStoresThem() throws {
    let program = AndroidRouterProgram(
      router(
        #"[{"/": "/a.b/*/c", "exclude": true}, {"/": "/shop/*"}, {"/": "/about"}, "#
          + ##"{"?": {"q": "x"}, "#": "top"}]"##))
    let app = try #require(try encoded(program)["apps"] as? [[String: Any]]).first
    #expect(app?["package"] as? String == "com.example.app")
    #expect(app?["statement"] as? Int == 0)
    let components = try #require(app?["rules"] as? [[String: Any]])
    #expect(components.map { $0["index"] as? Int } == [0, 1, 2, 3])
    // A glob rewritten into PatternMatcher's syntax (a `.` escaped, `*` as `.*`), a trailing `*`
    // a prefix (its `.` literal), a literal as is.
    #expect(components[0]["path"] as? [AnyHashable] == [2, #"/a\.b/.*/c"#])
    #expect(components[0]["exclude"] as? Bool == true)
    #expect(components[1]["path"] as? [AnyHashable] == [1, "/shop/"])
    #expect(components[2]["path"] as? [AnyHashable] == [0, "/about"])
    // A query filter is `name=pattern` against a whole parameter; absent parts are null.
    #expect(components[3]["path"] is NSNull)
    let query = try #require(components[3]["query"] as? [[Any]])
    #expect(query.first?.first as? String == "q")
    #expect(query.first?.last as? [AnyHashable] == [0, "q=x"])
    #expect(components[3]["fragment"] as? [AnyHashable] == [0, "top"])
    // The component as a verdict writes it, and as its reason quotes it.
    #expect(components[1]["rule"] as? [String: String] == ["/": "/shop/*"])
    #expect(components[1]["written"] as? String == #"{"/":"/shop/*"}"#)
    // What a URL may cost per unit of its length: every pattern's units.
    #expect(program.units == 10 + 6 + 6 + 3 + 3)
  }

  @Test func discardedAndMissingRulesAreSaid() throws {
    let discarded = AndroidRouterProgram(router(#"[{"/": "/a", "exclude": "yes"}]"#))
    let app = try #require(try encoded(discarded)["apps"] as? [[String: Any]]).first
    let reason = (app?["rules"] as? [String: String])?["discarded"]
    #expect(reason == router(#"[{"/": "/a", "exclude": "yes"}]"#).apps[0].rules?.discarded?.reason)
    #expect(reason != nil)
    let none = AndroidRouterProgram(
      AndroidRouter(parseStatementList("[\(appStatement())]").statementList!))
    let plain = try #require(try encoded(none)["apps"] as? [[String: Any]]).first
    #expect(plain?["rules"] as? String == "none")
  }
}

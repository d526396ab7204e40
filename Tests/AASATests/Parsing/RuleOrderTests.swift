import AASA
import Testing

/// The unreachable-rule check (`AASA308`): which rules it proves can never decide, and which
/// earlier rule it names.
@Suite("Rule order check")
struct RuleOrderTests {
  /// The unreachable rules' paths, each with the earlier rule its message names.
  private func unreachable(_ components: String, domainDefaults: String? = nil) -> [String] {
    let file = componentsFile(components, domainDefaults: domainDefaults)
    return SiteAssociationLinter().lint(Array(file.utf8)).diagnostics
      .filter { $0.code == .Apple.unreachableRule }
      .map { diagnostic in
        let earlier = diagnostic.message.firstRange(of: "the earlier ").map {
          diagnostic.message[$0.upperBound...].prefix { $0 != " " }
        }
        return "\(diagnostic.path.split(separator: ".").last!) by \(earlier ?? "?")"
      }
  }

  @Test("A prefix rule hides later rules inside its prefix, and an identical rule hides its copy")
  func prefixAndIdentical() {
    #expect(
      unreachable(
        #"[{"/": "/a/*"}, {"/": "/a/b/*"}, {"/": "/b", "?": "x=1"}, {"/": "/b", "?": "x=1"}]"#)
        == [
          "components[1] by applinks.details[0].components[0]",
          "components[3] by applinks.details[0].components[2]",
        ])
  }

  @Test("The earliest rule that hides a rule is named, and each rule is reported once")
  func earliestIsNamed() {
    #expect(
      unreachable(
        #"[{"/": "/a/b/c"}, {"/": "/a/*"}, {"/": "/a/b/c"}, {"/": "/*"}, {"/": "/a/b/c"}]"#)
        == [
          "components[2] by applinks.details[0].components[0]",
          "components[4] by applinks.details[0].components[0]",
        ])
    #expect(
      unreachable(#"[{"/": "/a/*"}, {"/": "/a/b"}, {"/": "/a/b"}]"#)
        == [
          "components[1] by applinks.details[0].components[0]",
          "components[2] by applinks.details[0].components[0]",
        ])
  }

  @Test("A rule that constrains the query, or reads the text differently, hides nothing")
  func differentReadings() {
    #expect(unreachable(#"[{"/": "/a/*", "?": "x=*"}, {"/": "/a/b"}]"#).isEmpty)
    #expect(unreachable(#"[{"/": "/a/*", "percentEncoded": false}, {"/": "/a/b"}]"#).isEmpty)
    #expect(unreachable(#"[{"/": "/a/*"}, {"/": "/a/b", "caseSensitive": false}]"#).isEmpty)
    #expect(unreachable(#"[{"/": "/a*/*"}, {"/": "/a/b"}]"#).isEmpty)
  }

  @Test("A case-insensitive prefix hides case-sensitive rules in any spelling")
  func caseInsensitivePrefix() {
    #expect(
      unreachable(#"[{"/": "/Shop/*", "caseSensitive": false}, {"/": "/SHOP/x"}]"#)
        == ["components[1] by applinks.details[0].components[0]"])
  }

  @Test("A rule that matches every path hides every later rule that ignores nothing more")
  func everyPath() {
    #expect(
      unreachable(##"[{"/": "*"}, {"/": "/a", "#": "x"}, {"/": "/b", "percentEncoded": false}]"##)
        == ["components[1] by applinks.details[0].components[0]"])
  }
}

import AASACore
import Testing

@testable import AASA

/// The routing probe tells apart two files that route some URL differently, including files that
/// differ only in whether a rule ignores case (what the CDN comparison of `check` asks it).
@Suite("Routing probe: files that route differently")
struct RoutingProbeTests {
  static func association(_ component: String) throws -> SiteAssociation {
    let text = """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.photoapp"],
        "components": [\(component)]}]}}
      """
    return try #require(SiteAssociationLinter().lint(Array(text.utf8)).association)
  }

  @Test("Two files that differ only in caseSensitive route an upper-case probe differently")
  func caseSensitivityIsProbed() throws {
    let sensitive = try Self.association(#"{"/": "/albums/*"}"#)
    let insensitive = try Self.association(#"{"/": "/albums/*", "caseSensitive": false}"#)
    let (differences, _) = RoutingProbe.differences(sensitive, insensitive)
    let first = try #require(differences.first)
    #expect(first.url.hasPrefix("/ALBUMS/"), "\(differences)")
    #expect(first.before != first.after)
  }

  @Test("Files that route alike show no difference, upper-case probes included")
  func identicalFilesAgree() throws {
    let one = try Self.association(#"{"/": "/albums/*", "caseSensitive": false}"#)
    #expect(RoutingProbe.differences(one, one).differences.isEmpty)
    #expect(RoutingProbe.urls(from: [one]).contains("/ALBUMS/AASA-PROBE"))
  }
}

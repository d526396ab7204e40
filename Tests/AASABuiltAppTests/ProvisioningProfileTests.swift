import AASABuiltApp
import Foundation
import TestSupport
import Testing

/// What a profile's entitlements grant: exact values, values ending in `*`, and `*` alone, held
/// against what an app claims, at the sizes a 4 MiB property list holds.
@Suite struct ProvisioningProfileTests {
  static let team = "D3KQX62K1A"

  static func domains(_ count: Int) -> [String] {
    (0..<count).map { "applinks:sub\($0).example.com" }
  }

  @Test func exactPrefixAndAnyGrantsCoverWhatTheyGrant() {
    let app = Entitlements([
      "com.apple.developer.associated-domains": ["applinks:example.com", "applinks:example.org"],
      "keychain-access-groups": ["\(Self.team).com.example.app", "\(Self.team).shared"],
      "get-task-allow": false,
    ])
    let profile = Entitlements([
      "com.apple.developer.associated-domains": ["applinks:example.com"],
      "keychain-access-groups": ["\(Self.team).*"],
      "get-task-allow": false,
    ])
    #expect(app.notCovered(by: profile) == ["com.apple.developer.associated-domains"])
    let any = Entitlements([
      "com.apple.developer.associated-domains": "*",
      "keychain-access-groups": ["W5R8T3N6PJ.*", "\(Self.team).com.example.app", "\(Self.team).*"],
      "get-task-allow": false,
    ])
    #expect(app.notCovered(by: any) == [])
    #expect(app.notCovered(by: Entitlements([:])) == app.values.keys.sorted())
  }

  /// Fuzz finding (target `entitlements`): every claimed value was compared with every granted
  /// one, so an app and a profile listing the same 20,000 domains took 43 s instrumented (5,000
  /// took 3 s). Now each value is looked up: 50,000 take well under a second in a debug build.
  @Test func longListsAreComparedInLinearTime() {
    let domains = Self.domains(50_000)
    let app = Entitlements(["com.apple.developer.associated-domains": domains])
    let profile = Entitlements([
      "com.apple.developer.associated-domains": Array(domains.reversed())
    ])
    let narrower = Entitlements([
      "com.apple.developer.associated-domains": Array(domains.dropLast())
    ])
    var covered: [String] = []
    var notCovered: [String] = []
    let elapsed = ContinuousClock().measure {
      covered = app.notCovered(by: profile)
      notCovered = app.notCovered(by: narrower)
    }
    #expect(covered == [])
    #expect(notCovered == ["com.apple.developer.associated-domains"])
    // Only against a blow-up: 50,000 against 50,000, compared pairwise as before (20,000 took
    // 43 s instrumented), is 2.5 billion comparisons.
    #expect(elapsed < BlowUpBound.limit)
  }

  /// A value no grant names exactly was compared with every grant ending in `*`: a hostile
  /// profile of 20,000 such grants against 20,000 claimed values was 400 million comparisons.
  /// The wildcard grants are a trie now; the walk stops where the value leaves it.
  @Test func manyWildcardGrantsAreCheckedInLinearTime() {
    let claimed = (0..<20_000).map { "\(Self.team).group.claimed\($0)" }
    let grants = (0..<20_000).map { "\(Self.team).group.granted\($0).*" }
    let app = Entitlements(["keychain-access-groups": claimed])
    let narrow = Entitlements(["keychain-access-groups": grants])
    let wide = Entitlements(["keychain-access-groups": grants + ["\(Self.team).group.claimed1*"]])
    var withNarrow: [String] = []
    var withWide: [String] = ["unset"]
    let elapsed = ContinuousClock().measure {
      withNarrow = app.notCovered(by: narrow)
      withWide = app.notCovered(by: wide)
    }
    #expect(withNarrow == ["keychain-access-groups"])
    // `claimed1*` covers claimed1, claimed10…, but not claimed2: still not covered.
    #expect(withWide == ["keychain-access-groups"])
    // Only against a blow-up: the 400 million comparisons of before.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test func wildcardGrantsAllowWhatTheyStartAndNothingElse() {
    let app = Entitlements([
      "keychain-access-groups": ["\(Self.team).shared", "\(Self.team).shared.more"]
    ])
    let cases: [([String], Bool)] = [
      (["\(Self.team).shared*"], true),
      (["\(Self.team).*"], true),
      (["*"], true),
      (["\(Self.team).shared.*"], false),
      (["\(Self.team).shared.more*", "\(Self.team).shared"], true),
      (["W5R8T3N6PJ.*"], false),
      ([], false),
    ]
    for (grants, covers) in cases {
      let profile = Entitlements(["keychain-access-groups": grants])
      #expect(app.notCovered(by: profile).isEmpty == covers, "\(grants)")
    }
  }
}

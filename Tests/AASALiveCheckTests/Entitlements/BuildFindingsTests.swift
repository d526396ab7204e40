import AASABuiltApp
import Foundation
import TestSupport
import Testing

@testable import AASALiveCheck

/// The findings about a built app and its profile, made before any site is asked.
@Suite struct BuildFindingsTests {
  static func profile(domains: [String]) throws -> ProvisioningProfile {
    let plist: [String: Any] = [
      "Name": "Photo App Distribution", "TeamIdentifier": ["D3KQX62K1A"],
      "Entitlements": [
        "application-identifier": "D3KQX62K1A.com.example.photoapp",
        "com.apple.developer.associated-domains": domains,
      ],
    ]
    return try ProvisioningProfile(
      plist: Array(
        try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)))
  }

  static func file(claiming domains: [String], profile: ProvisioningProfile) -> EntitlementsFile {
    let entitlements = Entitlements([
      "application-identifier": "D3KQX62K1A.com.example.photoapp",
      "com.apple.developer.associated-domains": domains,
    ])
    return EntitlementsFile(
      path: "PhotoApp.app", entitlements: entitlements, profile: profile, source: "PhotoApp")
  }

  @Test func claimedDomainsTheProfileDoesNotListFail() throws {
    let profile = try Self.profile(domains: ["applinks:example.com"])
    let lines = BuildFindings.judge(
      Self.file(claiming: ["applinks:example.com", "applinks:example.org"], profile: profile))
    let domains = try #require(lines.first { $0.name == "profile-domains" })
    #expect(domains.status == .fail)
    #expect(
      domains.detail == "the app claims applinks:example.org, which the profile does not grant")
  }

  /// Fuzz finding (target `entitlements`): each claimed domain was searched for in the profile's
  /// list, and each entitlement value compared with every granted one: quadratic, minutes for
  /// lists of tens of thousands. Both are looked up now.
  @Test func longListsAreJudgedInLinearTime() throws {
    let domains = (0..<50_000).map { "applinks:sub\($0).example.com" }
    let profile = try Self.profile(domains: domains.reversed())
    let file = Self.file(claiming: domains, profile: profile)
    var lines: [Requirement] = []
    let elapsed = ContinuousClock().measure { lines = BuildFindings.judge(file) }
    #expect(!lines.contains { $0.name == "profile-domains" })
    #expect(lines.contains { $0.name == "profile-coverage" && $0.status == .pass })
    #expect(elapsed < BlowUpBound.limit)
  }
}

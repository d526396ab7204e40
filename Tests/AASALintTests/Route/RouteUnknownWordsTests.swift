import AASALiveCheck
import Testing

@testable import AASALint

/// `route` never leaves a verdict bare (issue 40): Android's `unknown` when no Android app was
/// asked about says so and how to ask, where the line read "Android  unknown" and nothing more.
@Suite struct RouteUnknownWordsTests {
  @Test func androidUnknownWithoutAnAppSaysWhatToGive() throws {
    let association =
      #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.photos"], "components": [{"/": "/albums/*"}]}]}}"#
    let files = SiteFiles.read(
      association: Array(association.utf8), assetLinks: Array("[]".utf8), host: "example.com",
      source: "site")
    let report = RouteSubject(
      files: files, appleApp: nil, androidPackage: nil, androidFingerprint: nil, manifest: nil,
      entitlements: nil
    ).report(urls: ["/albums/1"])
    let text = try rendered(report).text
    let android = text.split(separator: "\n").first { $0.hasPrefix("  Android") }
    #expect(
      android?.contains("unknown  no Android app asked about: give --package") == true, "\(text)")
  }
}

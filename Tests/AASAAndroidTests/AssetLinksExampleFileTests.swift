import AASACore
import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

/// The example files the repository ships, so the docs never show output the tool no longer gives.
@Suite("AssetLinks: example files")
struct AssetLinksExampleFileTests {
  /// The example's report, once its content is detected as a statement list.
  private func lint(_ relativePath: String) throws -> AssetLinksReport {
    let document = SourceDocument(name: relativePath, bytes: try readPackageFile(relativePath))
    #expect(FileKind.detect(document) == .assetLinks)
    return AssetLinksLinter().lint(document)
  }

  @Test("The example site's assetlinks.json is valid and grants the photo app")
  func exampleSite() throws {
    let report = try lint("examples/site/.well-known/assetlinks.json")
    #expect(report.diagnostics.isEmpty)
    let json = try #require(report.json)
    let query = try GrantQuery.parse("com.example.photoapp:\(exampleFingerprint)")
    #expect(AssetLinksFile.grants(json, query: query).isGranted)
  }

  @Test("assetlinks-mistakes.json shows the mistakes it is meant to")
  func mistakes() throws {
    let report = try lint("examples/broken/assetlinks-mistakes.json")
    let found = report.diagnostics.map { "\($0.code.rawValue)@\($0.path)" }
    #expect(
      found == [
        "ASL017@[0].target.sha256_cert_fingerprints[0]",
        "ASL019@[0].target.sha256_cert_fingerprints[1]",
        "ASL020@[0].target.sha256_cert_fingerprints[1]",
        "ASL018@[0].target.sha256_cert_fingerprints[2]",
        "ASL004@[1]",
        "ASL006@[1].relations",
        "ASL014@[1].target.package_name",
        "ASL015@[1].target.sha256_cert_fingerprints",
        "ASL010@[2].relation[0]",
        "ASL011@[2].relation[1]",
        "ASL021@[2].target.site",
        "ASL013@[3].target.namespace",
        "ASL007@[4].include",
        // The list as a whole, after the errors it sums up.
        "ASL026@",
      ])
  }
}

import Testing

@testable import AASAAndroid

@Suite("AssetLinks: targets")
struct AssetLinksTargetTests {
  @Test("ASL013: an unknown namespace, with the namespace meant")
  func unknownNamespace() {
    let text =
      #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android", "package_name": "com.example.app"}}]"#
    let findings = assetLinksFindings(text)
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL026@", "ASL013@[0].target.namespace"])
    #expect(findings[1].message.contains("did you mean \"android_app\"?"))
  }

  @Test(
    "ASL014: invalid package names",
    arguments: [
      "example", "com.1example", "com.example-app", "com..example", ".com.example", "com.example.",
      "com.exam ple", "",
    ])
  func invalidPackageName(name: String) {
    #expect(
      assetLinksSummary("[\(appStatement(package: "\"\(name)\""))]")
        == ["ASL026@", "ASL014@[0].target.package_name"])
  }

  @Test("Valid package names", arguments: ["com.example", "a.b", "Com.Example_App.v2", "x_.y"])
  func validPackageName(name: String) {
    #expect(AndroidPackageName.problem(with: name) == nil)
  }

  @Test("ASL015: an empty fingerprint list")
  func noFingerprints() {
    #expect(
      assetLinksSummary("[\(appStatement(fingerprints: "[]"))]")
        == ["ASL026@", "ASL015@[0].target.sha256_cert_fingerprints"])
  }

  @Test(
    "ASL016: fingerprints that are not 32 hex bytes",
    arguments: [
      "ZZ:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
      "6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5:00",
      "146:DE9", "", "14-6D-E9",
    ])
  func malformedFingerprint(text: String) {
    #expect(
      assetLinksSummary("[\(appStatement(fingerprints: "[\"\(text)\"]"))]")
        == ["ASL026@", "ASL016@[0].target.sha256_cert_fingerprints[0]"])
  }

  @Test("ASL016: a pasted keytool line gets a hint to keep only the hex")
  func keytoolPrefix() {
    let findings = assetLinksFindings(
      "[\(appStatement(fingerprints: "[\"SHA256: \(exampleFingerprint)\"]"))]")
    #expect(findings.last?.code == .AssetLinks.malformedFingerprint)
    #expect(findings.last?.message.contains("copy only the hex") == true)
  }

  @Test("ASL017: a lowercase fingerprint, with the uppercase form in the help")
  func lowercaseFingerprint() {
    let findings = assetLinksFindings(
      "[\(appStatement(fingerprints: "[\"\(exampleFingerprint.lowercased())\"]"))]")
    #expect(findings.map(\.code) == [.AssetLinks.listIgnored, .AssetLinks.lowercaseFingerprint])
    #expect(findings[1].help == "write it as \(exampleFingerprint)")
  }

  @Test("ASL018: a SHA-1 fingerprint where SHA-256 is needed")
  func sha1Fingerprint() {
    let sha1 = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42"
    #expect(
      assetLinksSummary("[\(appStatement(fingerprints: "[\"\(sha1)\"]"))]")
        == ["ASL026@", "ASL018@[0].target.sha256_cert_fingerprints[0]"])
  }

  @Test("ASL019: a fingerprint without colons, alone and combined with lowercase")
  func fingerprintWithoutColons() {
    let bare = exampleFingerprint.filter { $0 != ":" }
    let findings = assetLinksFindings("[\(appStatement(fingerprints: "[\"\(bare)\"]"))]")
    #expect(
      findings.map(\.code) == [.AssetLinks.listIgnored, .AssetLinks.fingerprintWithoutColons])
    #expect(findings[1].help == "write it as \(exampleFingerprint)")
    let both = assetLinksFindings(
      "[\(appStatement(fingerprints: "[\"\(bare.lowercased())\"]"))]")
    #expect(
      Set(both.map(\.code))
        == [
          .AssetLinks.listIgnored, .AssetLinks.fingerprintWithoutColons,
          .AssetLinks.lowercaseFingerprint,
        ])
  }

  @Test("ASL020: the same fingerprint twice")
  func duplicateFingerprint() {
    let findings = assetLinksFindings(
      "[\(appStatement(fingerprints: "[\"\(exampleFingerprint)\", \"\(otherFingerprint)\", \"\(exampleFingerprint)\"]"))]"
    )
    #expect(
      findings.map { "\($0.code)@\($0.path)" } == ["ASL020@[0].target.sha256_cert_fingerprints[2]"])
    #expect(findings[0].message.contains("repeats [0].target.sha256_cert_fingerprints[0]"))
  }

  @Test(
    "ASL021: sites that are not origins",
    arguments: [
      "https://example.com/app", "https://example.com?x=1", "https://example.com#top",
      "ftp://example.com", "example.com", "https://user@example.com", "https://example.com:0",
      "https://example.com:99999", "https://example.com:abc", "https://*.example.com", "https://",
      "HTTPS://example.com",
    ])
  func invalidSite(site: String) {
    #expect(
      assetLinksSummary("[\(webStatement(site: "\"\(site)\""))]")
        == ["ASL026@", "ASL021@[0].target.site"])
  }

  @Test("ASL022: a trailing slash on a site is a warning, not an invalid site")
  func siteTrailingSlash() {
    let findings = assetLinksFindings("[\(webStatement(site: #""https://example.com/""#))]")
    #expect(findings.map { "\($0.code)@\($0.path)" } == ["ASL022@[0].target.site"])
    #expect(findings[0].help == "write \"https://example.com\"")
  }

  @Test("Fingerprints read leniently and compare by bytes")
  func fingerprintModel() throws {
    let canonical = try #require(CertificateFingerprint(exampleFingerprint))
    let lower = try #require(CertificateFingerprint(exampleFingerprint.lowercased()))
    let bare = try #require(CertificateFingerprint(exampleFingerprint.filter { $0 != ":" }))
    #expect(canonical == lower)
    #expect(canonical == bare)
    #expect(bare.canonicalText == exampleFingerprint)
    #expect(canonical.isSHA256)
    #expect(CertificateFingerprint.problems(in: exampleFingerprint).isEmpty)
    #expect(CertificateFingerprint("0A:B") == nil)
    #expect(CertificateFingerprint("0G") == nil)
  }
}

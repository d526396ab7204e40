import AASACore
import Testing

@testable import AASAAndroid

/// A fingerprint left as a template's stand-in is reported as a placeholder, not as a pasting
/// mistake.
@Suite("assetlinks.json: placeholder fingerprints")
struct FingerprintPlaceholderTests {
  func messages(_ fingerprint: String) -> [String] {
    let json = appStatement(fingerprints: "[\"\(fingerprint)\"]")
    let (list, diagnostics) = AssetLinksFile.parse(JSONReader.read(Array("[\(json)]".utf8)).value!)
    #expect(list?.isIgnoredByGoogle == true)
    return diagnostics.filter { $0.code == .AssetLinks.malformedFingerprint }.map(\.message)
  }

  @Test(
    "Placeholders are named as such",
    arguments: [
      "SHA256_FINGERPRINT_PENDING", "REPLACE_WITH_SHA256_FINGERPRINT", "TODO: add the release key",
      "TODO:RELEASE_KEY", "<your SHA-256 fingerprint>",
    ])
  func placeholder(text: String) {
    let found = messages(text)
    #expect(found.count == 1)
    #expect(found.first?.contains("is a placeholder, not a fingerprint") == true)
    #expect(found.first?.contains("SHA256:") == false)
  }

  @Test("A pasted keytool line still gets the SHA256: hint, and stray characters stay not-hex")
  func realMistakes() {
    #expect(
      messages("SHA256: " + exampleFingerprint).first?.contains("copy only the hex after") == true)
    #expect(messages("14:6D:E9:83:ZZ").first?.contains("is not hex pairs") == true)
    #expect(!CertificateFingerprint.isPlaceholder(exampleFingerprint))
  }
}

import AASACore
import Testing

@testable import AASAAndroid

@Suite("AssetLinks diagnostic catalog")
struct AssetLinksCatalogTests {
  @Test("Codes are ASL-prefixed, unique, numbered in order, and at least twelve")
  func codesAreStable() {
    let raw = DiagnosticCode.assetLinksCatalog.map(\.rawValue)
    #expect(raw.count >= 12)
    #expect(Set(raw).count == raw.count)
    let expected: [String] = (1...raw.count).map { number in
      let digits = String(number)
      return "ASL" + String(repeating: "0", count: 3 - digits.count) + digits
    }
    #expect(raw == expected)
  }

  @Test("Every code has a title and a help text")
  func codesAreDocumented() {
    for code in DiagnosticCode.assetLinksCatalog {
      #expect(!code.title.isEmpty, "\(code)")
      #expect(!code.help.isEmpty, "\(code)")
    }
  }
}

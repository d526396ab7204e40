import AASACore
import Testing

@testable import AASAAndroid

@Suite("AssetLinks diagnostic catalog")
struct AssetLinksCatalogTests {
  @Test("Codes are ASL-prefixed, unique, numbered in order, and at least twelve")
  func codesAreStable() {
    let raw = DiagnosticCode.assetLinksCatalog.map(\.rawValue).filter { $0.hasPrefix("ASL") }
    #expect(raw.count >= 12)
    #expect(Set(raw).count == raw.count)
    let expected: [String] = (1...raw.count).map { number in
      let digits = String(number)
      return "ASL" + String(repeating: "0", count: 3 - digits.count) + digits
    }
    #expect(raw == expected)
  }

  @Test("The dynamic rules' codes are DAL-prefixed, unique and in order, after the ASL codes")
  func dynamicRuleCodes() {
    let raw = DiagnosticCode.assetLinksCatalog.map(\.rawValue)
    let dynamic = raw.drop { $0.hasPrefix("ASL") }
    #expect(dynamic.allSatisfy { $0.hasPrefix("DAL") })
    #expect(dynamic.count == 28)
    #expect(Array(dynamic) == dynamic.sorted())
    #expect(Set(dynamic).count == dynamic.count)
    #expect(dynamic.first == "DAL001")
    #expect(dynamic.last == "DAL036")
  }

  @Test("Every code has a title and a help text")
  func codesAreDocumented() {
    for code in DiagnosticCode.assetLinksCatalog {
      #expect(!code.title.isEmpty, "\(code)")
      #expect(!code.help.isEmpty, "\(code)")
    }
  }
}

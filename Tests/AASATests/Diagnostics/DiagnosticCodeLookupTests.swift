import AASACore
import Testing

@testable import AASA

@Suite struct DiagnosticCodeLookupTests {
  static let catalog = DiagnosticCode.jsonCatalog + DiagnosticCode.appleCatalog

  @Test(arguments: Self.catalog)
  func everyCodeIsFoundByItsRawValue(_ code: DiagnosticCode) {
    #expect(DiagnosticCode(rawValue: code.rawValue, in: Self.catalog) == code)
    #expect(DiagnosticCode(rawValue: code.rawValue, in: Self.catalog)?.severity == code.severity)
  }

  @Test func unknownCodesAreNotFound() {
    #expect(DiagnosticCode(rawValue: "AASA999", in: Self.catalog) == nil)
    #expect(DiagnosticCode(rawValue: "", in: Self.catalog) == nil)
  }
}

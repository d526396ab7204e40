import Testing

@testable import AASA

@Suite struct DiagnosticCodeLookupTests {
  @Test(arguments: DiagnosticCode.all + DiagnosticCode.allAssetLinks)
  func everyCodeIsFoundByItsRawValue(_ code: DiagnosticCode) {
    #expect(DiagnosticCode(rawValue: code.rawValue) == code)
    #expect(DiagnosticCode(rawValue: code.rawValue)?.severity == code.severity)
  }

  @Test func unknownCodesAreNotFound() {
    #expect(DiagnosticCode(rawValue: "AASA999") == nil)
    #expect(DiagnosticCode(rawValue: "") == nil)
  }
}

import AASAAppLinks
import AASACore
import Foundation
import TestSupport
import Testing

@Suite("The App Links catalogue")
struct CatalogTests {
  @Test("codes are unique and use the AL prefix")
  func unique() {
    let codes = DiagnosticCode.appLinksCatalog.map(\.rawValue)
    #expect(Set(codes).count == codes.count)
    #expect(codes.allSatisfy { $0.hasPrefix("AL") && $0.count == 5 })
    #expect(codes.count >= 20)
  }

  @Test("every code is documented in docs/applinks.md with its severity")
  func documented() throws {
    let docs = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent("docs/applinks.md"),
      encoding: .utf8)
    for code in DiagnosticCode.appLinksCatalog {
      #expect(
        docs.contains("| \(code.rawValue) | \(code.severity.rawValue) |"),
        "\(code.rawValue) is not in the table of docs/applinks.md")
    }
  }
}

import AASACore
import AASARoutes
import Foundation
import TestSupport
import Testing

/// The catalogue: codes unique, prefixed, and each documented in docs/routes.md.
@Suite struct RouteCatalogueTests {
  @Test func codesAreUniqueAndPrefixed() {
    let codes = DiagnosticCode.routeCatalog.map(\.rawValue)
    #expect(Set(codes).count == codes.count)
    #expect(codes.allSatisfy { $0.hasPrefix("MDL") && $0.count == 6 })
    #expect(codes == codes.sorted())
    #expect(codes.count >= 15)
  }

  @Test func everyCodeIsDocumented() throws {
    let docs = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent("docs/routes.md"),
      encoding: .utf8)
    for code in DiagnosticCode.routeCatalog {
      #expect(docs.contains("| \(code.rawValue) |"), "\(code.rawValue) is not in docs/routes.md")
      #expect(docs.contains(code.title), "\(code.rawValue)'s title is not in docs/routes.md")
    }
  }
}

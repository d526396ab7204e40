import AASA
import AASACore
import Foundation
import TestSupport
import Testing

/// The catalog itself: stable, unique codes, each documented in `docs/diagnostics.md`.
@Suite("Diagnostics: the catalog")
struct DiagnosticCatalogTests {
  /// The table rows of `docs/diagnostics.md`, keyed by code: the cells of each row.
  static func documentedRows() throws -> [String: [String]] {
    let text = String(decoding: try readPackageFile("docs/diagnostics.md"), as: UTF8.self)
    var rows: [String: [String]] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("|") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
        .dropLast()
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard let first = cells.first else { continue }
      let code = first.trimmingCharacters(in: CharacterSet(charactersIn: "`* "))
      if code.hasPrefix("AASA") {
        #expect(rows[code] == nil, "\(code) has two rows")
        rows[code] = cells
      }
    }
    return rows
  }

  @Test("every code is unique, well formed, and has a title and help")
  func uniqueCodes() {
    let catalog = DiagnosticCode.jsonCatalog + DiagnosticCode.appleCatalog
    let codes = catalog.map(\.rawValue)
    #expect(codes.count == Set(codes).count)
    #expect(codes == codes.sorted(), "the JSON and Apple catalogs are in number order")
    for code in catalog {
      #expect(code.rawValue.wholeMatch(of: /AASA[0-9]{3}/) != nil, "\(code)")
      #expect(!code.title.isEmpty, "\(code)")
      #expect(!code.help.isEmpty, "\(code)")
      #expect(DiagnosticCode(rawValue: code.rawValue, in: catalog)?.title == code.title)
    }
    #expect(DiagnosticCode(rawValue: "AASA999", in: catalog) == nil)
    #expect(codes.count >= 30)
  }

  @Test("every code is documented in docs/diagnostics.md with its severity and title")
  func documented() throws {
    let rows = try Self.documentedRows()
    let catalog = DiagnosticCode.jsonCatalog + DiagnosticCode.appleCatalog
    for code in catalog {
      guard let cells = rows[code.rawValue] else {
        Issue.record("\(code) is not in docs/diagnostics.md")
        continue
      }
      #expect(cells.count >= 6, "\(code): code, severity, title, when, example, fix")
      #expect(cells.dropFirst().first == code.severity.rawValue, "\(code) severity")
      #expect(cells.dropFirst(2).first?.contains(code.title) == true, "\(code) title")
    }
    let unknown = Set(rows.keys).subtracting(catalog.map(\.rawValue))
    #expect(unknown.isEmpty, "documented but not in the catalog: \(unknown.sorted())")
  }

  @Test("the docs link to the assetlinks codes")
  func linksAssetLinks() throws {
    let text = String(decoding: try readPackageFile("docs/diagnostics.md"), as: UTF8.self)
    #expect(text.contains("(assetlinks.md)"))
  }
}

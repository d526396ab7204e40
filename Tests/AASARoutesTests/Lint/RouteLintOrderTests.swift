import AASACore
import AASARoutes
import Testing

/// Findings come in file order, even for a file that cannot be read: the JSON reader reports a
/// duplicated key after the value that follows it (found by the `routes` fuzz target).
@Suite struct RouteLintOrderTests {
  @Test func findingsOfAnUnreadableFileAreInFileOrder() {
    let text = "{\"routes\": {}, \"routes\": \"a\u{0F}b\u{0F}\""
    let report = RouteConfigLinter.lint(Array(text.utf8))
    #expect(report.config == nil)
    let offsets = report.diagnostics.map(\.location.offset)
    #expect(report.diagnostics.contains { $0.code == .JSON.duplicateKey })
    #expect(report.diagnostics.contains { $0.code == .JSON.controlCharacter })
    #expect(offsets == offsets.sorted())
  }
}

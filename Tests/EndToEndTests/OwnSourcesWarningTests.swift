import Foundation
import TestSupport
import Testing

/// The project's own sources build without a warning: one printed by every build (a trailing
/// closure in `CompiledRule`'s conditions, 38 times) hides the next one that matters. The target
/// is type-checked as `swift build` compiles it, against the modules the build made, and any
/// warning fails.
@Suite struct OwnSourcesWarningTests {
  /// Every `.swift` file under `directory`, sorted.
  static func swiftFiles(under directory: URL) -> [String] {
    guard
      let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    else { return [] }
    var files: [String] = []
    for case let url as URL in walker where url.pathExtension == "swift" {
      files.append(url.path)
    }
    return files.sorted()
  }

  @Test(
    "the matcher's target (AASA) type-checks without a warning",
    .enabled(if: ExecutableLookup.path(of: "swiftc") != nil, "needs swiftc"),
    .programsTimeLimit)
  func matcherTargetHasNoWarning() async throws {
    let root = BuiltProducts.packageRoot
    let sources = Self.swiftFiles(under: root.appendingPathComponent("Sources/AASA"))
    #expect(sources.contains { $0.hasSuffix("/Matching/CompiledRule.swift") })
    // Beside the executables: the modules of the targets AASA imports (AASACore).
    let modules = URL(fileURLWithPath: BuiltProducts.executable("aasa-lint"))
      .deletingLastPathComponent().appendingPathComponent("Modules")
    let cache = try TemporaryDirectory(label: "module-cache")
    let result = try await ChildProcess.run(
      try ExecutableLookup.require("swiftc"),
      [
        "-typecheck", "-module-name", "AASA", "-parse-as-library", "-swift-version", "6",
        // `package` declarations of AASACore are visible to the package's own modules only.
        "-package-name", root.lastPathComponent.lowercased(), "-DSWIFT_PACKAGE", "-DDEBUG",
        "-I", modules.path, "-module-cache-path", cache.path,
      ] + sources, timeout: .seconds(110))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!result.stderr.contains("warning:"), "\(result.stderr)")
  }
}

import Foundation

/// Where the package and the executables `swift build` made are, for tests that run them.
public enum BuiltProducts {
  /// The package root, from this file's path: `Tests/TestSupport/BuiltProducts.swift`.
  public static let packageRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// The path of the executable `name`. Under `swift test` on Linux the test runner lives in the
  /// products directory, so `CommandLine.arguments[0]` leads there; on macOS it is three levels
  /// further in the test bundle; the build directories of this package are the fallbacks.
  public static func executable(_ name: String) -> String {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [
      runner.deletingLastPathComponent(),
      // macOS: …/debug/aasaPackageTests.xctest/Contents/MacOS/aasaPackageTests
      runner.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent(),
      packageRoot.appendingPathComponent(".build/debug"),
    ].map { $0.appendingPathComponent(name).path }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
  }
}

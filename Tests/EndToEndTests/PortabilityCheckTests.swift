import Foundation
import TestSupport
import Testing

/// `Scripts/check-portability.py`, which CI runs: it passes on this package and fails on each
/// pattern that breaks the macOS build.
@Suite struct PortabilityCheckTests {
  private func check(_ root: String) async throws -> ProcessResult {
    try await ChildProcess.run(
      ExecutableLookup.require("python3"),
      [BuiltProducts.packageRoot.path + "/Scripts/check-portability.py", "--root", root])
  }

  @Test func thePackageIsPortable() async throws {
    let result = try await check(BuiltProducts.packageRoot.path)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test(arguments: [
    "let count = Glibc.read(descriptor, buffer, 10)",
    "import Glibc",
    "  import Darwin",
    "let kind = Int32(SOCK_STREAM.rawValue)",
    "var actions = posix_spawn_file_actions_t()",
    "let flags = Int32(MSG_NOSIGNAL)",
    // Split, so that this file itself names no such path.
    #"let zsh = "/usr/"# + #"bin/zsh""#,
  ])
  func aPlantedLinuxOnlyLineFails(_ line: String) async throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write("Sources/Planted/Planted.swift", "func planted() {\n\(line)\n}\n")
    let result = try await check(directory.path)
    #expect(result.status == 1)
    #expect(result.stdout.contains("Sources/Planted/Planted.swift:2:"), "\(result.stdout)")
  }

  @Test func theSameLinesAreAllowedInThePlatformLayerOrBehindALinuxGuard() async throws {
    let directory = try TemporaryDirectory()
    _ = try directory.write(
      "Sources/Planted/Platform/System.swift", "import Glibc\nlet count = Glibc.read(0, nil, 0)\n")
    _ = try directory.write(
      "Sources/Planted/Guarded.swift", "#if os(Linux)\n  let zsh = \"/usr/bin/zsh\"\n#endif\n")
    let result = try await check(directory.path)
    #expect(result.status == 0, "\(result.stdout)")
  }
}

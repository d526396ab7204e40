import TestSupport

/// Runs `openssl` for the tests' certificates and fixtures: OpenSSL 3 as ``ExecutableLookup`` finds
/// it, not the first `openssl` on the default search path (LibreSSL on macOS, which lacks options
/// used here).
enum OpenSSL {
  /// Runs an `openssl` command; throws with its standard error when it fails.
  @discardableResult
  static func run(_ arguments: [String]) async throws -> ProcessResult {
    let result = try await ChildProcess.run(
      ExecutableLookup.require("openssl"), arguments)
    guard result.status == 0 else {
      throw ChildProcess.Failure(
        description: "openssl \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result
  }
}

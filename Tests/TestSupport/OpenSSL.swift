/// Runs `openssl` where a test wants a real peer (a CMS signature, a keystore, a handshake):
/// OpenSSL 3 as ``ExecutableLookup`` finds it, not the first `openssl` on the default search path
/// (LibreSSL on macOS, which lacks options used here).
public enum OpenSSL {
  /// Runs an `openssl` command; throws with its standard error when it fails.
  @discardableResult
  public static func run(_ arguments: [String]) async throws -> ProcessResult {
    let result = try await ChildProcess.run(
      ExecutableLookup.require("openssl"), arguments)
    guard result.status == 0 else {
      throw ChildProcess.Failure(
        description: "openssl \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result
  }
}

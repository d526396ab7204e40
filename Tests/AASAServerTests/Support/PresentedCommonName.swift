import Foundation
import TestSupport

/// The subject common name of the certificate a server presents for `serverName` (no SNI at
/// all when nil), as `openssl s_client` shows it.
func presentedCommonName(port: Int, serverName: String?) async throws -> String? {
  let sni = serverName.map { ["-servername", $0] } ?? ["-noservername"]
  for _ in 0..<3 {
    let result = try await run(
      ExecutableLookup.require("openssl"), ["s_client", "-connect", "127.0.0.1:\(port)"] + sni,
      input: "")
    let text = (result.stdout + result.stderr).replacingOccurrences(of: " ", with: "")
    // OpenSSL 3 prints `subject=CN = name`, OpenSSL 1.1 `subject=/CN=name`.
    if let match = text.firstMatch(of: /subject=\/?CN=([^\n,\/]+)/) {
      return String(match.1)
    }
  }
  return nil
}

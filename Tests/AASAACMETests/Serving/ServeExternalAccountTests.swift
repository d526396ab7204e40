import Foundation
import TestSupport
import Testing

@testable import AASAACME

/// `--acme-eab-kid` and `--acme-eab-hmac-file` against Pebble requiring external account
/// binding: without them the CA's refusal is logged in words and nothing is issued; with them
/// the account is made and the certificate issued.
@Suite(
  "aasa-serve --acme with external account binding",
  .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .timeLimit(.minutes(3)))
struct ServeExternalAccountTests {
  @Test func theBindingIsRequiredAndUsed() async throws {
    let macKey = (0..<32).map { _ in UInt8.random(in: 0...255) }
    try await ACMEServeFixture.with(
      names: ["e.example.test"], externalAccountKeys: ["kid-eab": Base64URL.encode(macKey)]
    ) { fixture in
      let without = try fixture.serve(label: "no-eab")
      try await without.waitUntilListening()
      try await fixture.wait("the refusal") { without.count("e.example.test: order failed") == 1 }
      #expect(without.log.contains("externalAccountRequired"), "\(without.log)")
      #expect(!fixture.hasCertificate("e.example.test"))
      await without.stop()

      let keyFile = try fixture.folder.write("eab.key", Base64URL.encode(macKey) + "\n")
      let with = try fixture.serve(
        label: "eab", ["--acme-eab-kid", "kid-eab", "--acme-eab-hmac-file", keyFile])
      try await with.waitUntilListening()
      try await fixture.wait("the certificate over the bound account") {
        try await fixture.get("e.example.test").status == 200
      }
      #expect(with.log.contains("made at"))
      await with.stop()
    }
  }
}

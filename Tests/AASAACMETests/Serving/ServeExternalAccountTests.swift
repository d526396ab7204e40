import Foundation
import TestSupport
import Testing

@testable import AASAACME

/// `--acme-eab-kid` and `--acme-eab-hmac-file` against Pebble requiring external account
/// binding: without them the CA's refusal ends the server (status 2) in words, naming the flags;
/// with them the account is made and the certificate issued.
@Suite(
  "aasa-serve --acme with external account binding",
  .enabled(if: PebbleCA.runs, PebbleCA.skipReason),
  .programsTimeLimit)
struct ServeExternalAccountTests {
  @Test func theBindingIsRequiredAndUsed() async throws {
    let macKey = (0..<32).map { _ in UInt8.random(in: 0...255) }
    try await ACMEServeFixture.with(
      names: ["e.example.test"], externalAccountKeys: ["kid-eab": Base64URL.encode(macKey)]
    ) { fixture in
      // Without the binding the CA refuses the account: a configuration no retry fixes, so the
      // server exits with status 2, the CA's words and the flags to add.
      let without = try await fixture.serve(label: "no-eab")
      let status = await without.process.wait(timeout: .seconds(30))
      #expect(status == 2, "\(without.log)")
      let refusal = try #require(
        without.lines("externalAccountRequired").last.map(String.init), "\(without.log)")
      #expect(refusal.contains("requires external account binding"), "\(refusal)")
      #expect(refusal.contains("--acme-eab-kid") && refusal.contains("--acme-eab-hmac-file"))
      #expect(without.count("ordering a certificate") == 0)
      #expect(!fixture.hasCertificate("e.example.test"))

      let keyFile = try fixture.folder.write("eab.key", Base64URL.encode(macKey) + "\n")
      let with = try await fixture.serve(
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

import AASA
import AASACore
import Foundation
import TestSupport
import Testing

/// `aasa-lint new`: starting files that lint clean under `--strict` and route as asked.
@Suite struct NewCommandTests {
  @Test func anAssociationFileLintsCleanAndRoutesAsAsked() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("apple-app-site-association")
    let result = try await LintProcess.run([
      "new", "aasa", "--app", "D3KQX62K1A.com.example.app", "--path", "/albums/*", "--path",
      "/help", "--exclude", "/albums/private/*", "-o", path,
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let lint = try await LintProcess.run([
      path, "--strict", "/albums/1", "/albums/private/2", "/help", "/about", "--format", "json",
    ])
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    let association = try #require(
      SiteAssociationLinter().lint(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        .association)
    let matcher = Matcher(association)
    func outcome(_ url: String) -> RoutingExpectation.Outcome {
      RoutingExpectation.outcome(of: matcher.route(URLInput(url)), app: nil).0
    }
    #expect(outcome("/albums/1") == .app("D3KQX62K1A.com.example.app"))
    #expect(outcome("/albums/private/2") == .blocked)
    #expect(outcome("/help") == .app("D3KQX62K1A.com.example.app"))
    #expect(outcome("/about") == .none)
    let again = try await LintProcess.run([
      "new", "aasa", "--app", "D3KQX62K1A.com.example.app", "-o", path,
    ])
    #expect(again.status == 2)
    #expect(again.stderr.contains("already exists"))
  }

  @Test func withoutPathsEveryPathOpensTheApp() async throws {
    let result = try await LintProcess.run(["new", "aasa", "--app", "D3KQX62K1A.com.example.app"])
    #expect(result.status == 0)
    let lint = try await LintProcess.run(
      ["-", "--strict", "/anything/at/all"], stdin: result.stdout)
    #expect(lint.status == 0, "\(lint.stdout)")
    #expect(lint.stdout.contains("D3KQX62K1A.com.example.app"))
  }

  @Test func aPlaceholderTeamIDIsRefusedAndNothingWritten() async throws {
    let result = try await LintProcess.run(["new", "aasa", "--app", "TEAMID.com.example.app"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("[AASA203]"), "\(result.stderr)")
  }

  @Test func anAssetLinksFileLintsCleanAndGrantsTheApp() async throws {
    let result = try await LintProcess.run([
      "new", "assetlinks", "--package", "com.example.app", "--fingerprint",
      "146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
      ))
    let lint = try await LintProcess.run(
      [
        "-", "--strict", "--grants",
        "com.example.app:14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
      ], stdin: result.stdout)
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
  }

  @Test func aCertificateFilesFingerprintIsUsed() async throws {
    let directory = try TemporaryDirectory()
    let made = try TestCertificate.selfSigned(
      in: directory, name: "upload", commonName: "upload", alternativeNames: [], days: 1)
    let certificate = made.certificatePath
    let fingerprint = try made.sha256Fingerprint
    let der = try directory.write("upload.der", try made.derBytes)
    for file in [certificate, der] {
      let result = try await LintProcess.run([
        "new", "assetlinks", "--package", "com.example.app", "--cert", file,
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains(fingerprint), "\(result.stdout)")
    }
    // The keystore the certificate lives in does as well, with its password.
    let keystore = directory.file("upload.p12")
    let exported = try await ChildProcess.run(
      try ExecutableLookup.require("openssl"),
      [
        "pkcs12", "-export", "-in", certificate, "-inkey", made.keyPath,
        "-out", keystore, "-passout", "pass:hunter22", "-name", "upload",
      ])
    try #require(exported.status == 0, "\(exported.stderr)")
    let fromKeystore = try await LintProcess.run([
      "new", "assetlinks", "--package", "com.example.app", "--keystore", keystore,
      "--keystore-password", "hunter22",
    ])
    #expect(fromKeystore.status == 0, "\(fromKeystore.stderr)")
    #expect(fromKeystore.stdout.contains(fingerprint), "\(fromKeystore.stdout)")
    // Without the password, the command line names the flag that gives it.
    let locked = try await LintProcess.run(["fingerprint", keystore])
    #expect(locked.status == 2)
    #expect(
      locked.stderr.contains("a PKCS#12 keystore that needs its password (--keystore-password)"),
      "\(locked.stderr)")
  }

  @Test func aSHA1FingerprintIsRefused() async throws {
    let result = try await LintProcess.run([
      "new", "assetlinks", "--package", "com.example.app", "--fingerprint",
      "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("not a SHA-256 fingerprint"))
  }
}

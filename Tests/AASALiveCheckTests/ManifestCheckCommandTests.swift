import Foundation
import TestSupport
import Testing

/// `aasa-lint check --manifest`: every host the manifest verifies, checked against one loopback
/// HTTPS server that plays each host (through `--connect-to`), and shown in one table.
@Suite struct ManifestCheckCommandTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TwoHostSite.certificate(in: directory)
  }

  static let manifest = TwoHostSite.manifest(brokenHost: "${brokenHost}")

  @Test func everyHostIsOneRowAndABrokenHostFails() async throws {
    let manifest = try directory.write("AndroidManifest.xml", Self.manifest)
    let server = try await StubHTTPS.start(certificate: certificate, hostRoutes: TwoHostSite.routes)
    let result = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"),
      [
        "check", "--manifest", manifest, "--placeholder", "brokenHost=broken.test",
        "--connect-to", "::127.0.0.1:\(server.port)", "--ca-file", certificate.certificatePath,
        "--grants",
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5",
        "--color", "never",
      ])
    let json = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"),
      [
        "check", "--manifest", manifest, "--placeholder", "brokenHost=broken.test",
        "--connect-to", "::127.0.0.1:\(server.port)", "--ca-file", certificate.certificatePath,
        "--format", "json",
      ])
    let sarif = try await ChildProcess.run(
      BuiltProducts.executable("aasa-lint"),
      [
        "check", "--manifest", manifest, "--placeholder", "brokenHost=broken.test",
        "--connect-to", "::127.0.0.1:\(server.port)", "--ca-file", certificate.certificatePath,
        "--format", "sarif",
      ])
    await server.stop()
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
    let results = try #require(
      (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    #expect(results.contains { $0["ruleId"] as? String == "check/content-type" }, "\(sarif.stdout)")
    #expect(sarif.status == 1)
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    let lines = result.lines
    #expect(lines.first?.contains("com.example.photoapp") == true)
    #expect(
      lines.contains { $0.hasPrefix("shop.test ") && $0.contains("pass") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("broken.test") && $0.contains("fail") })
    #expect(lines.contains { $0.contains("content-type: text/plain; Android requires") })
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["kind"] as? String == "manifest-check")
    let hosts = try #require(object["hosts"] as? [[String: Any]])
    #expect(hosts.map { $0["host"] as? String } == ["shop.test", "broken.test"])
    #expect(hosts.map { $0["status"] as? String } == ["pass", "fail"])
  }
}

import Foundation
import TestSupport
import Testing

/// `aasa-lint check --manifest APP.apk`: the hosts of an APK built now by aapt (one of them an
/// `@string/…` reference resolved through its `resources.arsc`), each checked against a loopback
/// HTTPS server that plays it, as for the source manifest the APK came from.
@Suite(.enabled(if: AndroidAppBuilder.unavailable == nil, "\(AndroidAppBuilder.unavailable ?? "")"))
struct APKManifestCheckTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory(label: "apk-check")
    certificate = try TwoHostSite.certificate(in: directory)
  }

  static let manifest = TwoHostSite.manifest(brokenHost: "@string/broken_host", exported: true)

  @Test func anAPKIsCheckedAsItsSourceManifest() async throws {
    let apk = try await AndroidAppBuilder.build(
      "app", manifest: Self.manifest, strings: ["broken_host": "broken.test"], tool: .aapt,
      in: directory)
    let source = directory.file("app/AndroidManifest.xml")
    let server = try await StubHTTPS.start(certificate: certificate, hostRoutes: TwoHostSite.routes)
    func check(_ manifest: String) async throws -> ProcessResult {
      try await ChildProcess.run(
        BuiltProducts.executable("aasa-lint"),
        [
          "check", "--manifest", manifest, "--connect-to", "::127.0.0.1:\(server.port)",
          "--ca-file", certificate.certificatePath, "--format", "json",
        ])
    }
    let fromAPK = try await check(apk)
    let fromSource = try await check(source)
    await server.stop()
    #expect(fromAPK.status == 1, "\(fromAPK.stdout)\(fromAPK.stderr)")
    #expect(fromAPK.status == fromSource.status)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(fromAPK.stdout.utf8)) as? [String: Any])
    let hosts = try #require(object["hosts"] as? [[String: Any]])
    #expect(hosts.map { $0["host"] as? String } == ["shop.test", "broken.test"])
    #expect(hosts.map { $0["status"] as? String } == ["pass", "fail"])
    let sourceObject = try #require(
      try JSONSerialization.jsonObject(with: Data(fromSource.stdout.utf8)) as? [String: Any])
    let sourceHosts = try #require(sourceObject["hosts"] as? [[String: Any]])
    #expect(sourceHosts.map { $0["host"] as? String } == ["shop.test", "broken.test"])
    #expect(sourceHosts.map { $0["status"] as? String } == ["pass", "fail"])
  }
}

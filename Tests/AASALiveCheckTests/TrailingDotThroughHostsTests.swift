import Foundation
import TestSupport
import Testing

/// The `trailing-dot` check of a site whose name is in /etc/hosts (issue 40 item 16): the real
/// `aasa-lint check` in a mount namespace of the test's own, where /etc/hosts maps
/// `android.test` to 127.0.0.1. The C library looks only the plain name up there (`getent hosts
/// android.test.` finds nothing), so the dotted form failed with "cannot resolve android.test."
/// although the site served it; it is now connected to by the plain name with the dotted `Host`.
/// No `--connect-to`: the check's own resolution is what is tested.
@Suite struct TrailingDotThroughHostsTests {
  static var canMakeNamespaces: Bool {
    #if os(Linux)
      System.isRoot && ExecutableLookup.path(of: "unshare") != nil
    #else
      false
    #endif
  }

  @Test(.enabled(if: canMakeNamespaces, "needs Linux, root and unshare"))
  func aSiteNamedInEtcHostsPassesItsTrailingDotCheck() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try TestCertificate.selfSigned(
      in: directory, name: "hosts", commonName: "android.test",
      alternativeNames: [.dns("android.test")])
    let hosts = Recorder()
    let server = try await StubHTTPS.start(
      certificate: certificate,
      hostRoutes: { host, target in
        hosts.add(host)
        return Fixtures.correctSite(target)
      })
    let port = server.port
    let hostsFile = directory.file("hosts")
    try "127.0.0.1 localhost\n127.0.0.1 android.test\n".write(
      toFile: hostsFile, atomically: true, encoding: .utf8)
    let script = """
      mount --bind '\(hostsFile)' /etc/hosts && exec '\(CheckCommandTests.executable)' check \
      https://android.test:\(port) --ca-file '\(certificate.certificatePath)' --no-cdn \
      --color never
      """
    let result = try await ChildProcess.run(
      try ExecutableLookup.require("unshare"), ["-m", "sh", "-c", script], timeout: .seconds(60))
    await server.stop()
    let line = result.stdout.split(separator: "\n").first { $0.contains("trailing-dot") }
    #expect(
      line?.contains("pass") == true
        && line?.contains("android.test. serves the same file") == true,
      "\(result.stdout)\(result.stderr)")
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    // The dotted form was asked for, by its Host header.
    #expect(hosts.values.contains("android.test.:\(port)"), "\(hosts.values)")
  }
}

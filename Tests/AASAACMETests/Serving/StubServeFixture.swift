import Foundation
import TestSupport
import Testing

/// The built `aasa-serve --acme` against ``StubACMEServer``: sites in a temporary folder, its own
/// `--acme-dir`, a port the system chooses (`--port 0`, read back from the log).
final class StubServeFixture {
  let stub: StubACMEServer
  let folder: TemporaryDirectory

  var sites: String { folder.file("sites") }
  var acmeDirectory: String { folder.file("acme") }

  init(stub: StubACMEServer, names: [String]) throws {
    self.stub = stub
    folder = try TemporaryDirectory(label: "stub-serve")
    for name in names { try ACMEServeFixture.addSite(name, in: folder) }
  }

  /// `aasa-serve --sites … --acme` with the stub as its CA (unless `directoryURL` says another),
  /// started and listening.
  func serve(label: String, directoryURL: String? = nil, _ extra: [String] = []) async throws
    -> ServeProcess
  {
    let server = try ServeProcess(
      [
        "--sites", sites, "--port", "0", "--watch-interval", "0.2", "--settle-time", "0.3",
        "--no-access-log", "--acme", "--acme-dir", acmeDirectory, "--acme-ca",
        directoryURL ?? stub.directoryURL, "--acme-ca-root", stub.rootFile,
      ] + extra, log: folder.file("\(label).log"))
    try await server.waitUntilListening()
    return server
  }

  /// `GET` of `name`'s association file, verified against the stub's issuing root: 200 only
  /// once the server presents a certificate the stub issued for `name`; `insecure`: any
  /// certificate (the placeholder too).
  func get(_ name: String, port: Int, insecure: Bool = false) async throws -> Int {
    let curl = try ExecutableLookup.require("curl")
    let result = try await ChildProcess.run(
      curl,
      [
        "-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}",
        "--resolve", "\(name):\(port):127.0.0.1",
        "https://\(name):\(port)/.well-known/apple-app-site-association",
      ] + (insecure ? ["-k"] : ["--cacert", stub.issuingRootFile]))
    return Int(result.stdout) ?? 0
  }

  /// Waits until `condition` holds, checking every 100 ms.
  func wait(
    _ what: String, timeout: Duration = .seconds(30), _ condition: () async throws -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + timeout
    // Asked once more after the deadline, which the sleep can overrun on a loaded machine.
    while true {
      if try await condition() { return }
      guard ContinuousClock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw PebbleCA.PebbleFailure(description: "timed out waiting for \(what)")
  }
}

/// Runs `body` while `servers` and the stub CA run, then stops them all, whether it threw or not
/// (a `defer` cannot wait for them).
func stoppingAfterward(
  _ servers: [ServeProcess], _ stub: StubACMEServer, _ body: () async throws -> Void
) async throws {
  do {
    try await body()
  } catch {
    for server in servers { await server.stop() }
    await stub.stop()
    throw error
  }
  for server in servers { await server.stop() }
  await stub.stop()
}

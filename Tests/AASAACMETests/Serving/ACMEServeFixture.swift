import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

/// A real `aasa-serve --acme` against Pebble, as an operator runs it: the built executable as a
/// process, its log in a file, sites in folders, `--acme-dir` in a temporary folder, every name
/// resolved to 127.0.0.1 by challtestsrv. The replica on Pebble's `tlsPort` is the one the CA's
/// TLS-ALPN-01 validations reach.
final class ACMEServeFixture {
  /// Holds Pebble's `tlsPort` bound until the first server takes it: a port merely found free
  /// can be handed to another test's program meanwhile (Pebble starts in seconds).
  private var reservation: Channel?
  let ca: PebbleCA
  let folder: TemporaryDirectory
  /// Pebble validates TLS-ALPN-01 here and HTTP-01 on `httpPort`.
  let tlsPort: Int
  let httpPort: Int
  /// The root of what Pebble issues: a client that verifies against it fails on anything else.
  let issuingRoot: String

  var sites: String { folder.file("sites") }
  var acmeDirectory: String { folder.file("acme") }

  private init(
    ca: PebbleCA, folder: TemporaryDirectory, tlsPort: Int, httpPort: Int, issuingRoot: String,
    reservation: Channel
  ) {
    self.reservation = reservation
    self.ca = ca
    self.folder = folder
    self.tlsPort = tlsPort
    self.httpPort = httpPort
    self.issuingRoot = issuingRoot
  }

  /// Pebble started, and a site folder for each of `names`.
  static func start(
    names: [String], nonceReject: Int = 0, validity: Int? = nil,
    externalAccountKeys: [String: String]? = nil
  ) async throws -> ACMEServeFixture {
    let reservation = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .bind(host: "127.0.0.1", port: 0).get()
    let tlsPort = reservation.localAddress?.port ?? 0
    let httpPort = try await LoopbackPorts.free()
    let ca = try await PebbleCA.start(
      httpPort: httpPort, tlsPort: tlsPort, nonceReject: nonceReject,
      externalAccountKeys: externalAccountKeys, validity: validity)
    let folder = try TemporaryDirectory(label: "acme-serve")
    for name in names { try addSite(name, in: folder) }
    let root = try await ca.issuingRootFile()
    return ACMEServeFixture(
      ca: ca, folder: folder, tlsPort: tlsPort, httpPort: httpPort, issuingRoot: root,
      reservation: reservation)
  }

  static func aasa(_ name: String) -> String {
    #"{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.\#(name.split(separator: ".")[0])"],"components":[{"/":"/buy/*"}]}]}}"#
  }

  /// Runs `body` with a fixture, and stops Pebble afterwards whatever happens; on a failure,
  /// Pebble's log goes with it.
  static func with(
    names: [String], nonceReject: Int = 0, validity: Int? = nil,
    externalAccountKeys: [String: String]? = nil, _ body: (ACMEServeFixture) async throws -> Void
  ) async throws {
    let fixture = try await start(
      names: names, nonceReject: nonceReject, validity: validity,
      externalAccountKeys: externalAccountKeys)
    do {
      try await body(fixture)
    } catch {
      Issue.record("Pebble's log:\n\(fixture.ca.log)")
      await fixture.stop()
      throw error
    }
    await fixture.stop()
  }

  static func addSite(_ name: String, in folder: TemporaryDirectory) throws {
    try folder.write("sites/\(name)/.well-known/apple-app-site-association", aasa(name))
  }

  /// `aasa-serve --sites … --acme` with Pebble as its CA, on `port` (Pebble's `tlsPort` unless
  /// said otherwise), scanning fast.
  func serve(
    port: Int? = nil, label: String = "serve", directoryURL: String? = nil,
    caRoot: String? = nil, _ extra: [String] = []
  ) async throws -> ServeProcess {
    if port == nil, let reservation {
      // Given up just before the server binds it.
      try await reservation.close().get()
      self.reservation = nil
    }
    // `--sites` unless the test serves one site with `--root`.
    let site = extra.contains("--root") ? [] : ["--sites", sites]
    return try ServeProcess(
      site + [
        "--port", "\(port ?? tlsPort)", "--watch-interval", "0.2",
        "--settle-time", "0.3", "--no-access-log", "--acme", "--acme-dir", acmeDirectory,
        "--acme-ca", directoryURL ?? ca.directoryURL, "--acme-ca-root", caRoot ?? ca.trustRootFile,
      ] + extra, log: folder.file("\(label)-\(UUID().uuidString).log"))
  }

  /// `GET` of `name`'s association file on `port`, verified against Pebble's root: 200 only
  /// when the server presented a certificate Pebble issued for `name`.
  /// `insecure`: any certificate accepted (`-k`), to see that the server answers at all.
  func get(_ name: String, port: Int? = nil, insecure: Bool = false) async throws -> (
    status: Int, error: String
  ) {
    let curl = try ExecutableLookup.require("curl")
    let port = port ?? tlsPort
    let result = try await ChildProcess.run(
      curl,
      [
        "-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}",
        "--resolve", "\(name):\(port):127.0.0.1",
        "https://\(name):\(port)/.well-known/apple-app-site-association",
      ] + (insecure ? ["-k"] : ["--cacert", issuingRoot]))
    return (Int(result.stdout) ?? 0, result.stderr)
  }

  /// Waits until `condition` holds, checking every 100 ms; fails with `what` after `timeout`.
  func wait(
    _ what: String, timeout: Duration = .seconds(40), _ condition: () async throws -> Bool
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

  func hasCertificate(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: "\(acmeDirectory)/certificates/\(name).crt")
  }

  func stop() async {
    try? await reservation?.close()
    await ca.stop()
  }
}

/// One `aasa-serve` process, its output in a file.
final class ServeProcess {
  let process: SpawnedProcess
  let logFile: String

  init(_ arguments: [String], log: String) throws {
    logFile = log
    process = try SpawnedProcess(
      BuiltProducts.executable("aasa-serve"), arguments, stdout: .file(log), stderr: .file(log))
  }

  var log: String { (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "" }

  /// How many log lines contain `text`.
  func count(_ text: String) -> Int {
    log.split(separator: "\n").filter { $0.contains(text) }.count
  }

  /// Waits for the start-up report's end: the server answers from here on.
  func waitUntilListening(timeout: Duration = .seconds(30)) async throws {
    let deadline = ContinuousClock.now + timeout
    // The log is read once more after the deadline: on a loaded machine the sleep itself can
    // overrun it, and a report written meanwhile counts.
    while true {
      if log.contains("try: curl") { return }
      guard process.isRunning else {
        throw PebbleCA.PebbleFailure(description: "aasa-serve stopped:\n\(log)")
      }
      guard ContinuousClock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw PebbleCA.PebbleFailure(description: "aasa-serve did not start:\n\(log)")
  }

  /// The port the server says it listens on (`listening on https://127.0.0.1:PORT`): a server
  /// started with `--port 0` takes one the system chooses, which no other program can be given
  /// meanwhile.
  var listeningPort: Int? {
    guard let match = log.firstMatch(of: /listening on https?:\/\/127\.0\.0\.1:(\d+)/) else {
      return nil
    }
    return Int(match.1)
  }

  /// The lines that contain `text`.
  func lines(_ text: String) -> [Substring] {
    log.split(separator: "\n").filter { $0.contains(text) }
  }

  /// Waits until `count(text)` reaches `count`; fails after `timeout`, or when the server stops.
  func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(30)) async throws {
    let deadline = ContinuousClock.now + timeout
    // Read once more after the deadline, which the sleep can overrun on a loaded machine.
    while true {
      if self.count(text) >= count { return }
      guard process.isRunning else {
        throw PebbleCA.PebbleFailure(description: "aasa-serve stopped before '\(text)':\n\(log)")
      }
      guard ContinuousClock.now < deadline else { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    throw PebbleCA.PebbleFailure(description: "no '\(text)' within \(timeout):\n\(log)")
  }

  func stop() async { _ = await process.stop() }
  func kill() { process.kill() }
}

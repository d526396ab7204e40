import AASAServer
import Foundation
import TestSupport
import Testing

/// Shared helpers for the end-to-end tests: temporary sites, the real `aasa-serve` process, and
/// running `curl` / `openssl` with time limits.

enum Fixtures {
  static let aasa = """
    {"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.app"],"components":[{"/":"/buy/*"}]}]}}
    """
  static let aasaUpdated = """
    {"applinks":{"details":[{"appIDs":["9JA89QQLNQ.com.example.app"],"components":[{"/":"/sell/*"}]}]}}
    """
  static let assetLinks = """
    [{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app",\
    "package_name":"com.example","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:\
    2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
    """
  /// Truncated JSON: what a half-written file looks like.
  static let brokenAASA = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.ex"#
}

extension TemporaryDirectory {
  /// A site with an AASA, an assetlinks file and a few ordinary files.
  static func standardSite() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory()
    try site.write("site/.well-known/apple-app-site-association", Fixtures.aasa)
    try site.write("site/.well-known/assetlinks.json", Fixtures.assetLinks)
    try site.write("site/index.html", "<!doctype html><title>home</title>")
    try site.write("site/docs/index.html", "<p>docs</p>")
    try site.write("site/notes.txt", String(repeating: "compress me please ", count: 50))
    try site.write("site/style.css", "body { color: black }")
    try site.write("site/logo.png", Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    try site.write("site/.env", "SECRET=hidden-dotfile")
    try site.write("site/.well-known/.hidden", "SECRET=hidden-in-well-known")
    try site.write("outside/secret.txt", "SECRET=outside-the-root")
    return site
  }

  var site: String { path + "/site" }

  /// A self-signed certificate and key for 127.0.0.1 written as PEM files.
  func writeCertificate() throws -> (certificate: String, key: String) {
    let made = try SelfSignedCertificate.make()
    return (
      try write("tls/cert.pem", made.certificatePEM), try write("tls/key.pem", made.privateKeyPEM)
    )
  }
}

/// Collects a pipe's output on a background thread so the child never blocks on a full pipe.
final class OutputCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var ended = false
  private let handle: FileHandle

  /// Starts reading `handle`, the reading end of a pipe.
  init(_ handle: FileHandle) {
    self.handle = handle
    resume()
  }

  /// Stops reading: once the pipe buffer is full, the child's writes to it block.
  func pause() { handle.readabilityHandler = nil }

  func resume() {
    handle.readabilityHandler = { [weak self] handle in
      // One read(2) of what is there. Not `availableData`: Foundation may make the pipe
      // non-blocking for this handler, and `availableData` stops the whole test process when a
      // read finds nothing yet (EAGAIN); nor `read(upToCount:)`, which waits for the full count.
      var buffer = [UInt8](repeating: 0, count: 1 << 16)
      let count = buffer.withUnsafeMutableBytes { System.read(handle.fileDescriptor, into: $0) }
      guard let self else { return }
      if count == 0 {
        // The end: every writer closed it. Without this the handler would fire for ever.
        handle.readabilityHandler = nil
        self.lock.withLock { self.ended = true }
      } else if count > 0 {
        self.lock.withLock { self.data.append(contentsOf: buffer[..<count]) }
      }
    }
  }

  var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

  /// Waits (a bounded time) until everything the child wrote has been read: the end of the pipe.
  func waitForEnd(timeout: Double = 5) async {
    try? await waitUntil(timeout: timeout, interval: 0.01, "the end of the output") {
      lock.withLock { ended }
    }
  }

  func stop() { handle.readabilityHandler = nil }
}

struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

/// Polls `condition` until it holds or `timeout` seconds pass. It is asked once more after the
/// deadline: on a loaded machine the wait itself can overrun it, and what became true meanwhile
/// counts.
func waitUntil(
  timeout: Double, interval: Double = 0.05, _ what: String, _ condition: () async throws -> Bool
) async throws {
  let deadline = Date().addingTimeInterval(timeout)
  while true {
    if try await condition() { return }
    guard Date() < deadline else { break }
    try await Task.sleep(for: .seconds(interval))
  }
  throw TimedOut(description: "timed out after \(timeout)s waiting for \(what)")
}

/// A running `aasa-serve`, stopped (SIGKILL if need be) when the value goes away.
final class ServerProcess {
  let process: SpawnedProcess
  let stdout: OutputCollector
  let stderr: OutputCollector
  private(set) var port = 0
  private(set) var scheme = "http"

  /// Starts the server; unless `expectFailure`, waits for its whole start-up report, from the
  /// `listening on` line to the `try: curl` line that ends it (the lines arrive one by one). The
  /// start-up holds one of the ``ProcessSlots``, so that a full run does not start every server
  /// at once; `timeout` only bounds a blow-up.
  convenience init(_ arguments: [String], expectFailure: Bool = false, timeout: Double = 60)
    async throws
  {
    await ProcessSlots.shared.take()
    do {
      try await self.init(starting: arguments, expectFailure: expectFailure, timeout: timeout)
    } catch {
      await ProcessSlots.shared.give()
      throw error
    }
    await ProcessSlots.shared.give()
  }

  private init(starting arguments: [String], expectFailure: Bool, timeout: Double) async throws {
    process = try SpawnedProcess(
      BuiltProducts.executable("aasa-serve"), arguments, stdout: .pipe, stderr: .pipe)
    stdout = OutputCollector(process.standardOutput!)
    stderr = OutputCollector(process.standardError!)
    if expectFailure { return }
    do {
      try await waitUntil(timeout: timeout, "the start-up report") {
        let text = stdout.text
        if text.contains("try: curl"),
          let match = text.firstMatch(of: /listening on (https?):\/\/127\.0\.0\.1:(\d+)/)
        {
          scheme = String(match.1)
          port = Int(match.2)!
          return true
        }
        if !process.isRunning {
          // Everything it said, and how it ended: a start-up failure must explain itself. Its
          // last words may still be in the pipes.
          await stdout.waitForEnd()
          await stderr.waitForEnd()
          let ending =
            process.terminatingSignal.map { "killed by signal \($0)" }
            ?? "exited with status \(process.exitStatus ?? -1)"
          throw TimedOut(
            description:
              "server \(ending)\nstdout: \(stdout.text)\nstderr: \(stderr.text)")
        }
        return false
      }
    } catch {
      await process.stop()
      throw error
    }
  }

  /// `base + path`, e.g. `https://127.0.0.1:54321/x`.
  func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

  var output: String { stdout.text }

  func signal(_ number: Int32) { process.signal(number) }

  /// Waits for the process to exit; returns its status (128 + N after signal N, as a shell says).
  @discardableResult
  func waitForExit(timeout: Double = 20) async throws -> Int32 {
    guard let status = await process.wait(timeout: .seconds(timeout)) else {
      throw TimedOut(description: "timed out after \(timeout)s waiting for the server to exit")
    }
    // Let the collectors drain what was written just before exit.
    await stdout.waitForEnd()
    await stderr.waitForEnd()
    return status
  }

  /// Stops the server (SIGTERM, then SIGKILL) and waits for it: for a test that ends it early.
  func stop() async { await process.stop() }

  deinit {
    // SpawnedProcess reaps its killed child when it goes away, a matter of milliseconds.
    process.kill()
    stdout.stop()
    stderr.stop()
  }
}

/// Runs a command to completion, killing it after `timeout` seconds. Not queued for one of the
/// ``ProcessSlots``: these are light clients of a running server whose timeouts the tests race.
func run(_ executable: String, _ arguments: [String], timeout: Double = 60, input: String? = nil)
  async throws -> ProcessResult
{
  try await ChildProcess.run(
    executable, arguments, stdin: input, timeout: .seconds(timeout), queued: false)
}

/// `curl` with a time limit, returning headers and body (`-i`). `extra` goes before the URL.
func curl(_ extra: [String], _ url: String) async throws -> ProcessResult {
  try await run(
    ExecutableLookup.require("curl"), ["-sS", "-i", "--max-time", "10"] + extra + [url])
}

/// A parsed curl `-i` output: the last response's status, headers (lower-cased names) and body.
struct CurlResponse {
  var status: Int
  var httpVersion: String
  var headers: [String: String]
  var body: String

  init(_ result: ProcessResult) throws {
    let text = result.stdout
    guard let split = text.range(of: "\r\n\r\n") else {
      throw TimedOut(description: "no HTTP response in: \(text) \(result.stderr)")
    }
    let head = text[..<split.lowerBound].split(separator: "\r\n")
    let statusLine = head.first.map(String.init) ?? ""
    let parts = statusLine.split(separator: " ")
    httpVersion = parts.first.map(String.init) ?? ""
    status = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    self.headers = headers
    body = String(text[split.upperBound...])
  }
}

/// Sends raw bytes over a plain TCP connection and returns everything read until the server
/// closes or `timeout` passes. For requests curl would normalise or refuse to send.
func rawExchange(port: Int, _ request: [UInt8], timeout: Int = 5) async throws -> String {
  let connection = try await RawConnection.open(port: port)
  defer { connection.close() }
  await connection.send(request)
  return await connection.answer(timeout: timeout).text
}

func rawExchange(port: Int, _ request: String, timeout: Int = 5) async throws -> String {
  try await rawExchange(port: port, Array(request.utf8), timeout: timeout)
}

/// What `openssl s_client` printed for a handshake offering `alpn`. s_client quits at the end of
/// its (empty) input, which on a loaded machine can come before it prints the negotiated
/// protocol, so the handshake is tried again, a few times, until the summary is there.
func tlsHandshakeTranscript(port: Int, alpn: String, extraArguments: [String] = []) async throws
  -> String
{
  var transcript = ""
  for _ in 0..<3 where !transcript.contains("ALPN protocol:") {
    let result = try await run(
      ExecutableLookup.require("openssl"),
      ["s_client", "-connect", "127.0.0.1:\(port)", "-alpn", alpn] + extraArguments, input: "")
    transcript = result.stdout + result.stderr
  }
  return transcript
}

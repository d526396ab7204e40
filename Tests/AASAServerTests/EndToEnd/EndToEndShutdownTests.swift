import Foundation
import TestSupport
import Testing

/// SIGTERM with slow downloads in flight, over plain HTTP/1.1, HTTP/1.1 over TLS and HTTP/2.
@Suite("aasa-serve end to end: graceful shutdown", .timeLimit(.minutes(2)))
struct EndToEndShutdownTests {
  /// Large enough that a rate-limited download outlasts what the kernel's socket buffers hold,
  /// and lasts longer than the 5 s NIOSSL waits for a close_notify.
  static let bigFileSize = 48 * 1024 * 1024

  func siteWithBigFile() throws -> TemporaryDirectory {
    let site = try TemporaryDirectory.standardSite()
    // Random, so the body really is this large whatever the client accepts.
    let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
    let bytes = try #require(try random.read(upToCount: Self.bigFileSize))
    try site.write("site/big.bin", bytes)
    return site
  }

  /// A `curl` downloading `url` at `rate` on a thread of its own. Output goes through files
  /// (`ChildProcess`), not pipes, which other tests' child processes could inherit.
  final class Download: @unchecked Sendable {
    // @unchecked: `outcome` is only touched under `lock`.
    private let lock = NSLock()
    private var outcome: String?
    private let done = DispatchGroup()

    init(_ url: String, flags: [String], rate: String) {
      done.enter()
      // A thread of its own: a dispatch queue would run only as many as there are cores.
      Thread.detachNewThread { [self] in
        let result = try? ChildProcess.run(
          ExecutableLookup.require("curl"),
          [
            "-s", "-k", "-o", "/dev/null", "--max-time", "40", "--limit-rate", rate, "-w",
            "%{http_code} %{size_download}",
          ] + flags + [url], timeout: .seconds(45))
        lock.withLock { outcome = result?.stdout ?? "(curl did not finish)" }
        done.leave()
      }
    }

    /// `200 <bytes>` once curl is done.
    func result() -> String {
      done.wait()
      return lock.withLock { outcome ?? "" }
    }
  }

  /// Waits until the server has answered `count` requests for the big file: access lines are
  /// written when a response starts.
  func waitForResponsesToStart(_ count: Int, _ server: ServerProcess) throws {
    try waitUntil(timeout: 20, "\(count) downloads to start") {
      server.output.components(separatedBy: "path=/big.bin").count - 1 >= count
    }
  }

  @Test(arguments: [false, true])
  func inFlightDownloadsFinishAfterSigterm(tls: Bool) throws {
    let site = try siteWithBigFile()
    let server = try ServerProcess(
      [
        "--root", site.site, "--port", "0", "--max-file-size", "100000000",
        "--shutdown-timeout", "20",
      ] + (tls ? ["--self-signed"] : []))
    let url = server.url("/big.bin")
    let protocols: [[String]] = tls ? [["--http1.1"], ["--http2"]] : [["--http1.1"]]
    let downloads = protocols.flatMap { flags in
      (0..<2).map { _ in Download(url, flags: flags, rate: "8M") }
    }
    try waitForResponsesToStart(downloads.count, server)
    let signalled = Date()
    server.signal(SIGTERM)
    Thread.sleep(forTimeInterval: 0.5)
    // The listener is closed: new connections are refused (or, if one slipped into the
    // listen queue just before, reset).
    let late = try run(ExecutableLookup.require("curl"), ["-s", "-k", "--max-time", "3", url])
    #expect([7, 35, 56].contains(late.status), "curl exit \(late.status)")
    for download in downloads {
      #expect(download.result() == "200 \(Self.bigFileSize)")
    }
    let lastDownload = Date()
    #expect(try server.waitForExit(timeout: 25) == 0)
    // Exit follows the last response promptly, well inside the shutdown timeout.
    #expect(Date().timeIntervalSince(lastDownload) < 3)
    #expect(Date().timeIntervalSince(signalled) < 15)
  }

  @Test func pastTheShutdownTimeoutConnectionsAreCut() throws {
    let site = try siteWithBigFile()
    let server = try ServerProcess(
      [
        "--root", site.site, "--port", "0", "--max-file-size", "100000000",
        "--shutdown-timeout", "1", "--self-signed",
      ])
    let downloads = [["--http1.1"], ["--http2"]].map {
      Download(server.url("/big.bin"), flags: $0, rate: "1M")
    }
    try waitForResponsesToStart(downloads.count, server)
    let signalled = Date()
    server.signal(SIGTERM)
    #expect(try server.waitForExit(timeout: 10) == 0)
    let exitedAfter = Date().timeIntervalSince(signalled)
    // Cut at the timeout and out at once; without the cut, TLS waits up to 5 s more for each
    // client's close_notify. The margin is for a loaded machine and this test's own polling.
    #expect(exitedAfter >= 1 && exitedAfter < 2.5, "exited \(exitedAfter) s after SIGTERM")
    for download in downloads {
      #expect(download.result() != "200 \(Self.bigFileSize)")
    }
  }
}

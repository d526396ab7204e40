import Foundation
import TestSupport
import Testing

/// SIGTERM with slow downloads in flight, over plain HTTP/1.1, HTTP/1.1 over TLS and HTTP/2.
@Suite("aasa-serve end to end: graceful shutdown", .programsTimeLimit)
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

  /// A `curl` downloading `url` at `rate` in a task of its own, which waits without holding a
  /// thread. Output goes through files (`ChildProcess`), not pipes, which other tests' child
  /// processes could inherit.
  struct Download {
    private let task: Task<String, Never>

    init(_ url: String, flags: [String], rate: String) {
      task = Task {
        let result = try? await ChildProcess.run(
          ExecutableLookup.require("curl"),
          [
            "-s", "-k", "-o", "/dev/null", "--max-time", "40", "--limit-rate", rate, "-w",
            "%{http_code} %{size_download}",
          ] + flags + [url], timeout: .seconds(45), queued: false)
        return result?.stdout ?? "(curl did not finish)"
      }
    }

    /// `200 <bytes>` once curl is done.
    func result() async -> String { await task.value }
  }

  /// Waits until the server has answered `count` requests for the big file: access lines are
  /// written when a response starts.
  func waitForResponsesToStart(_ count: Int, _ server: ServerProcess) async throws {
    try await waitUntil(timeout: 20, "\(count) downloads to start") {
      server.output.components(separatedBy: "path=/big.bin").count - 1 >= count
    }
  }

  @Test(arguments: [false, true])
  func inFlightDownloadsFinishAfterSigterm(tls: Bool) async throws {
    let site = try siteWithBigFile()
    let server = try await ServerProcess(
      [
        "--root", site.site, "--port", "0", "--max-file-size", "100000000",
        "--shutdown-timeout", "20",
      ] + (tls ? ["--self-signed"] : []))
    let url = server.url("/big.bin")
    let protocols: [[String]] = tls ? [["--http1.1"], ["--http2"]] : [["--http1.1"]]
    let downloads = protocols.flatMap { flags in
      (0..<2).map { _ in Download(url, flags: flags, rate: "8M") }
    }
    try await waitForResponsesToStart(downloads.count, server)
    server.signal(SIGTERM)
    try await Task.sleep(for: .milliseconds(500))
    // The listener is closed: new connections are refused (or, if one slipped into the
    // listen queue just before, reset).
    let late = try await run(
      ExecutableLookup.require("curl"), ["-s", "-k", "--max-time", "3", url])
    #expect([7, 35, 56].contains(late.status), "curl exit \(late.status)")
    for download in downloads {
      #expect(await download.result() == "200 \(Self.bigFileSize)")
    }
    #expect(try await server.waitForExit(timeout: 60) == 0)
    // Exit follows the last response, inside the shutdown timeout: nothing was left to cut.
    #expect(server.output.contains("finishing \(downloads.count) open"), "\(server.output)")
    #expect(!server.output.contains("after the shutdown timeout"), "\(server.output)")
    #expect(server.output.contains("stopped"))
  }

  @Test func pastTheShutdownTimeoutConnectionsAreCut() async throws {
    let site = try siteWithBigFile()
    let server = try await ServerProcess(
      [
        "--root", site.site, "--port", "0", "--max-file-size", "100000000",
        "--shutdown-timeout", "1", "--self-signed",
      ])
    let downloads = [["--http1.1"], ["--http2"]].map {
      Download(server.url("/big.bin"), flags: $0, rate: "1M")
    }
    try await waitForResponsesToStart(downloads.count, server)
    server.signal(SIGTERM)
    #expect(try await server.waitForExit(timeout: 60) == 0)
    // Cut at the timeout, said so, and out: without the cut the downloads would finish (after
    // 48 s at 1 MB/s, past the exit's time limit).
    #expect(
      server.output.contains(
        "closing \(downloads.count) connections still open after the shutdown"),
      "\(server.output)")
    #expect(server.output.contains("stopped"))
    for download in downloads {
      #expect(await download.result() != "200 \(Self.bigFileSize)")
    }
  }
}

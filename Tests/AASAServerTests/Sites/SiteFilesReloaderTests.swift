import AASAServer
import Foundation
import Logging
import NIOCore
import TestSupport
import Testing

@Suite("Reloading")
struct SiteFilesReloaderTests {
  func body(_ reloader: SiteFilesReloader, _ path: String) async -> String? {
    reloader.store.current.file(at: path).map { String(buffer: $0.bytes) }
  }

  let aasaPath = "/.well-known/apple-app-site-association"

  /// Makes sure the next write gets a different modification time even on coarse clocks.
  func tick() async throws { try await Task.sleep(for: .milliseconds(20)) }

  /// A reloader whose changed files settle after `settleMilliseconds`.
  func reloader(_ site: TemporaryDirectory, settleMilliseconds: Int64 = 1000) throws
    -> SiteFilesReloader
  {
    try SiteFilesReloader.load(
      configuration: ServerConfiguration(
        root: site.site, settleTime: .milliseconds(settleMilliseconds)),
      logger: Logger(label: "test")
    ).reloader
  }

  @Test func changedFileIsTakenOnceItHasSettled() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try reloader(site)
    try await tick()
    try site.write("site/notes.txt", "new notes")
    // The first scans see the change but wait: the file may still be being written.
    #expect(await reloader.reload() == false)
    #expect(await reloader.reload() == false)
    #expect(await body(reloader, "/notes.txt") != "new notes")
    try await Task.sleep(for: .milliseconds(1050))
    #expect(await reloader.reload() == true)
    #expect(await body(reloader, "/notes.txt") == "new notes")
  }

  @Test func aFileStillBeingWrittenIsNotTaken() async throws {
    let site = try TemporaryDirectory.standardSite()
    // Long enough that a loaded machine's late wake-ups stay inside it; the checks that depend
    // on that say so.
    let reloader = try reloader(site, settleMilliseconds: 3000)
    try await tick()
    try site.write("site/notes.txt", "the first half")
    let firstSeen = ContinuousClock.now
    #expect(await reloader.reload() == false)
    // Scans agree for a while, but not for the whole settle time.
    try await Task.sleep(for: .milliseconds(300))
    let tookFirstHalf = await reloader.reload()
    if ContinuousClock.now - firstSeen < .milliseconds(2900) {
      #expect(tookFirstHalf == false)
    }
    // The writer carries on after its pause.
    try site.write("site/notes.txt", "the first half, and the second")
    #expect(await reloader.reload() == false)
    try await Task.sleep(for: .milliseconds(3100))
    #expect(await reloader.reload() == true)
    #expect(await body(reloader, "/notes.txt") == "the first half, and the second")
  }

  @Test func brokenAssociationKeepsTheLastGoodVersion() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try reloader(site, settleMilliseconds: 50)
    try await tick()
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    await reloader.reload()
    await reloader.reload()
    await reloader.reload(force: true)
    #expect(await body(reloader, aasaPath) == Fixtures.aasa)
    #expect(await body(reloader, "/apple-app-site-association") == Fixtures.aasa)
    try await tick()
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.aasaUpdated)
    #expect(await reloader.reload(force: true))
    #expect(await body(reloader, aasaPath) == Fixtures.aasaUpdated)
    #expect(await body(reloader, "/apple-app-site-association") == Fixtures.aasaUpdated)
  }

  @Test func removalWaitsForTheSettleTime() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try reloader(site)
    try FileManager.default.removeItem(atPath: site.site + "/style.css")
    await reloader.reload()
    await reloader.reload()
    #expect(await body(reloader, "/style.css") != nil)
    try await Task.sleep(for: .milliseconds(1050))
    await reloader.reload()
    #expect(await body(reloader, "/style.css") == nil)
  }

  @Test func newFilesAppear() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try reloader(site, settleMilliseconds: 50)
    try site.write("site/new/page.html", "<p>new</p>")
    await reloader.reload(force: true)
    #expect(await body(reloader, "/new/page.html") == "<p>new</p>")
  }
}

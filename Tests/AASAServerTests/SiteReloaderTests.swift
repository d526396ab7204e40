import AASAServer
import Foundation
import Logging
import TestSupport
import Testing

@Suite("Reloading")
struct SiteReloaderTests {
  func body(_ reloader: SiteReloader, _ path: String) async -> String? {
    reloader.store.current.file(at: path).map { String(buffer: $0.bytes) }
  }

  let aasaPath = "/.well-known/apple-app-site-association"

  /// Makes sure the next write gets a different modification time even on coarse clocks.
  func tick() { Thread.sleep(forTimeInterval: 0.02) }

  @Test func changedFileIsTakenOnceTwoScansAgree() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try SiteReloader.load(
      configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test")
    ).reloader
    tick()
    try site.write("site/notes.txt", "new notes")
    // First scan sees the change but waits: the file may still be being written.
    #expect(await reloader.reload() == false)
    #expect(await body(reloader, "/notes.txt") != "new notes")
    #expect(await reloader.reload() == true)
    #expect(await body(reloader, "/notes.txt") == "new notes")
  }

  @Test func brokenAssociationKeepsTheLastGoodVersion() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try SiteReloader.load(
      configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test")
    ).reloader
    tick()
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.brokenAASA)
    await reloader.reload()
    await reloader.reload()
    await reloader.reload(force: true)
    #expect(await body(reloader, aasaPath) == Fixtures.aasa)
    #expect(await body(reloader, "/apple-app-site-association") == Fixtures.aasa)
    tick()
    try site.replace("site/.well-known/apple-app-site-association", Fixtures.aasaUpdated)
    #expect(await reloader.reload(force: true))
    #expect(await body(reloader, aasaPath) == Fixtures.aasaUpdated)
    #expect(await body(reloader, "/apple-app-site-association") == Fixtures.aasaUpdated)
  }

  @Test func removalNeedsTwoScans() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try SiteReloader.load(
      configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test")
    ).reloader
    try FileManager.default.removeItem(atPath: site.site + "/style.css")
    await reloader.reload()
    #expect(await body(reloader, "/style.css") != nil)
    await reloader.reload()
    #expect(await body(reloader, "/style.css") == nil)
  }

  @Test func newFilesAppear() async throws {
    let site = try TemporaryDirectory.standardSite()
    let reloader = try SiteReloader.load(
      configuration: ServerConfiguration(root: site.site), logger: Logger(label: "test")
    ).reloader
    try site.write("site/new/page.html", "<p>new</p>")
    await reloader.reload(force: true)
    #expect(await body(reloader, "/new/page.html") == "<p>new</p>")
  }
}

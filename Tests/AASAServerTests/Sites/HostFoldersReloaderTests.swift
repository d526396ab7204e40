import Foundation
import Logging
import NIOCore
import TestSupport
import Testing

@testable import AASAServer

/// `--sites`: a served site's folder that disappears is dropped only once it has been gone for the
/// settle time, counted from its latest disappearance. Scans are run by hand (no watch timer), so
/// the order of events is the test's, not the scheduler's.
@Suite struct HostFoldersReloaderTests {
  static let aasa =
    #"{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.photoapp"],"components":[{"/":"/albums/*"}]}]}}"#

  @Test func aFolderThatCameBackWaitsTheWholeSettleTimeWhenItGoesAgain() async throws {
    let directory = try TemporaryDirectory(label: "host-folders")
    try directory.write("sites/photos.example/.well-known/apple-app-site-association", Self.aasa)
    let sites = directory.path + "/sites"
    var configuration = ServerConfiguration(root: "")
    configuration.settleTime = .milliseconds(300)
    let reloader = try HostFoldersReloader.load(
      directory: sites, configuration: configuration, logger: Logger(label: "test")
    ).reloader
    func served() -> Bool { reloader.router.site(forAuthority: "photos.example") != nil }
    #expect(served())

    let folder = sites + "/photos.example"
    let aside = directory.path + "/photos.example.aside"
    // Gone for one scan, then back before the settle time: still served.
    try FileManager.default.moveItem(atPath: folder, toPath: aside)
    #expect(await reloader.reload() == false)
    try FileManager.default.moveItem(atPath: aside, toPath: folder)
    #expect(await reloader.reload() == false)
    #expect(served())
    // Well past the settle time of that first disappearance, the folder goes again: the first
    // scan that misses it starts a new wait instead of dropping the site at once.
    try await Task.sleep(for: .milliseconds(500))
    try FileManager.default.moveItem(atPath: folder, toPath: aside)
    #expect(await reloader.reload() == false)
    #expect(served())
    // Gone for the settle time: dropped.
    try await Task.sleep(for: .milliseconds(400))
    #expect(await reloader.reload() == true)
    #expect(!served())
  }
}

import Foundation
import Logging
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import AASAServer

/// `--sites DIR`: a site folder that is a symbolic link is served only when it leads to a folder
/// inside DIR (a deploy swapping `example.com -> releases/v2/example.com`); one that leads out is
/// refused, in words, with what to do, because its target becomes the site's root and every file
/// under it would be served. And a site folder without an association file is named in the
/// refusal (it said "no association file in :").
@Suite struct SiteFolderLinkTests {
  static let aasa =
    #"{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.photoapp"],"components":[{"/":"/albums/*"}]}]}}"#
  static let aasaPath = ".well-known/apple-app-site-association"

  @Test func aLinkOutOfTheSitesFolderIsNotServed() async throws {
    let directory = try TemporaryDirectory(label: "site-links")
    try directory.write("outside/\(Self.aasaPath)", Self.aasa)
    try directory.write("outside/secret.txt", "private")
    try directory.write("sites/releases/v2/\(Self.aasaPath)", Self.aasa)
    try directory.write("sites/real.example/\(Self.aasaPath)", Self.aasa)
    let sites = directory.path + "/sites"
    let files = FileManager.default
    try files.createSymbolicLink(atPath: sites + "/out.example", withDestinationPath: "../outside")
    try files.createSymbolicLink(
      atPath: sites + "/absolute.example", withDestinationPath: directory.path + "/outside")
    try files.createSymbolicLink(
      atPath: sites + "/release.example", withDestinationPath: "releases/v2")
    try files.createSymbolicLink(atPath: sites + "/itself.example", withDestinationPath: ".")

    let log = CapturedLog()
    let reloader = try HostFoldersReloader.load(
      directory: sites, configuration: ServerConfiguration(root: ""), logger: log.logger
    ).reloader
    #expect(reloader.router.site(forAuthority: "real.example") != nil)
    #expect(reloader.router.site(forAuthority: "release.example") != nil, "a link inside is served")
    for refused in ["out.example", "absolute.example", "itself.example"] {
      #expect(reloader.router.site(forAuthority: refused) == nil, "\(refused) is served")
    }
    let outside = try System.realPath(directory.path + "/outside")
    #expect(
      log.lines.contains(
        "not serving the folder \(sites)/out.example: it is a symbolic link to \(outside), outside \(sites); a site's folder must be inside --sites: move the site into \(sites), or link to a folder inside it"
      ), "\(log.lines)")
    #expect(
      log.lines.filter { $0.contains("/absolute.example: it is a symbolic link to") }.count == 1)

    // A link made while serving is refused too, and said once.
    try files.createSymbolicLink(
      atPath: sites + "/later.example", withDestinationPath: "../outside")
    _ = await reloader.reload()
    _ = await reloader.reload()
    #expect(reloader.router.site(forAuthority: "later.example") == nil)
    #expect(log.lines.filter { $0.contains("/later.example: it is a symbolic link to") }.count == 1)
  }

  @Test func aSiteWithoutAnAssociationFileIsNamed() throws {
    let directory = try TemporaryDirectory(label: "site-links")
    try directory.write("sites/real.example/\(Self.aasaPath)", Self.aasa)
    try directory.write("sites/empty.example/index.html", "<p>hi</p>")
    let sites = directory.path + "/sites"
    let log = CapturedLog()
    _ = try HostFoldersReloader.load(
      directory: sites, configuration: ServerConfiguration(root: ""), logger: log.logger)
    let line = try #require(
      log.lines.first { $0.contains("no association file in") }, "\(log.lines)")
    #expect(
      line
        == "not serving the site empty.example (the other sites are not affected): no association file in \(sites)/empty.example: put apple-app-site-association or assetlinks.json in \(sites)/empty.example/.well-known/"
    )
  }
}

/// Log messages kept in memory.
final class CapturedLog: Sendable {
  private let box = NIOLockedValueBox<[String]>([])
  var lines: [String] { box.withLockedValue { $0 } }

  var logger: Logger {
    Logger(label: "test") { _ in Handler(box: self.box) }
  }

  struct Handler: LogHandler {
    let box: NIOLockedValueBox<[String]>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      box.withLockedValue { $0.append("\(event.message)") }
    }
  }
}

/// The whole site as served at one moment: immutable, shared by every event loop, replaced as a
/// whole when something changes so no request ever sees half of a reload.
public final class SiteSnapshot: Sendable {
  /// Canonical site path to file. The legacy `/apple-app-site-association` maps to the same
  /// object as the well-known one.
  public let files: [String: ServedFile]
  /// `links.json`'s rules, when the site has a good one: answered for paths no file has.
  public let links: ServedLinks?

  public init(files: [String: ServedFile], links: ServedLinks? = nil) {
    self.links = links
    var table = files
    // Apple falls back to the root of the domain; serve the same file there. A site that only
    // has the legacy file gets it served at the well-known path too.
    if let wellKnown = files[SitePaths.appleAppSiteAssociation] {
      table[SitePaths.legacyAppleAppSiteAssociation] = wellKnown
    } else if let legacy = files[SitePaths.legacyAppleAppSiteAssociation] {
      table[SitePaths.appleAppSiteAssociation] = legacy
    }
    self.files = table
  }

  public static let empty = SiteSnapshot(files: [:])

  /// The file for a canonical path; a directory path (`/docs/`) serves its `index.html`.
  public func file(at path: String) -> ServedFile? {
    if path.hasSuffix("/") { return files[path + "index.html"] }
    return files[path]
  }
}

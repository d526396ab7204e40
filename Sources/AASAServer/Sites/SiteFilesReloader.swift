import AASACore
import AASALinks
import Logging
import NIOCore

/// Loads one site's files from disk (`--root`, or one host's folder with `--sites`) and keeps
/// them current: decides which files changed, reads and validates them, and swaps a new snapshot
/// into the store. An actor, because the poll loop and SIGHUP can both ask for a reload at once.
public actor SiteFilesReloader: Reloading {
  public nonisolated let scanner: SiteScanner
  public nonisolated let store: Swappable<SiteSnapshot>
  /// Whether each association file is valid, for `/readyz` and `/metrics`.
  public nonisolated let health: SiteHealth
  /// `--sites`: the host this site answers for. Its association files are reported under
  /// `HOST/.well-known/…` in `/metrics`, so one site's files are told from another's.
  public nonisolated let domain: String?
  /// `domain` as its association files are checked against; none for `_default`, which answers
  /// for no one host.
  let site: SiteDomain?
  let allowInvalid: Bool
  let cacheControl: String
  let logger: Logger

  /// The files being served, by their own path (aliases are added by `SiteSnapshot`).
  private var loaded: [String: ServedFile]
  /// `links.json`'s rules being served: the last version that passed, against the association
  /// files served when it was checked.
  private var links: ServedLinks?
  /// The last settled version of `links.json`, accepted or not: checked again when an
  /// association file changes, since its rules are checked against them.
  private var linksCandidate: (fingerprint: FileFingerprint, bytes: [UInt8])?
  /// Versions already refused, so a broken file is reported once, not on every poll.
  private var rejected: [String: FileFingerprint] = [:]
  /// Changed files waiting to settle (the same bytes, size and modification time for the settle
  /// time, so that a file still being written is never served half-way), and served files that
  /// are gone (a delete-then-write deploy is not a removal).
  private var settling: Settling<String, Observation>
  private var reportedSkips: Set<SkippedEntry>

  /// What a scan read of a changed file.
  private struct Observation: Equatable {
    var fingerprint: FileFingerprint
    var bytes: [UInt8]
  }

  /// What `load` found: the reloader, ready to serve, and the warnings worth showing.
  public struct InitialLoad: Sendable {
    public var reloader: SiteFilesReloader
    /// Served files, sorted by path.
    public var files: [ServedFile]
    /// Diagnostic lines for association files that were accepted with warnings (or, with
    /// `--allow-invalid`, with errors).
    public var findings: [String]
    public var skipped: [SkippedEntry]
  }

  /// Loads the whole site. Refuses to start if an association file has errors, unless
  /// `allowInvalid` is set.
  /// - Parameters:
  ///   - root: The site folder; `configuration.root` when nil.
  ///   - domain: `--sites`: the host the site answers for.
  ///   - health: Shared by every site with `--sites`; a new one otherwise.
  public static func load(
    configuration: ServerConfiguration, logger: Logger, root: String? = nil,
    domain: String? = nil, health: SiteHealth = SiteHealth()
  ) throws(StartupError) -> InitialLoad {
    let root = root ?? configuration.root
    let scanner = try SiteScanner(root: root, maxFileSize: configuration.maxFileSize)
    let scan = scanner.scan()
    let cacheControl = configuration.cacheMaxAge.map { "public, max-age=\($0)" } ?? "no-cache"
    var files: [String: ServedFile] = [:]
    var findings: [String] = []
    var refusals: [String] = []
    var skipped = scan.skipped
    let healthKey = { (path: String) in (domain ?? "") + path }
    let site = Self.ownSite(domain)
    var linksFile: (entry: SiteEntry, bytes: [UInt8])?
    for entry in scan.entries.values.sorted(by: { $0.path < $1.path }) {
      guard let bytes = scanner.read(entry) else {
        skipped.append(SkippedEntry(path: entry.path, reason: .unreadable))
        continue
      }
      // Read and checked once the association files are in; never served as a file.
      if entry.path == SitePaths.links {
        linksFile = (entry, bytes)
        continue
      }
      if let outcome = WellKnownValidation.validate(bytes, path: entry.path, site: site) {
        let lines = outcome.lines(file: scanner.root + entry.path)
        if outcome.hasErrors && !configuration.allowInvalid {
          refusals.append(contentsOf: lines)
          continue
        }
        findings.append(contentsOf: lines)
        health.setAssociationFile(healthKey(entry.path), valid: !outcome.hasErrors)
      }
      let file = ServedFile(
        path: entry.path, contents: bytes, lastModified: entry.fingerprint.modifiedSeconds,
        fingerprint: entry.fingerprint, cacheControl: cacheControl)
      findings.append(contentsOf: file.appLinkFindingLines(file: scanner.root + entry.path))
      files[entry.path] = file
    }
    // An association file that exists but cannot be served would be a 404 in production.
    for skip in skipped
    where WellKnownValidation.kind(of: skip.path) != nil || skip.path == SitePaths.links {
      throw StartupError(
        .invalidSite,
        "cannot serve \(scanner.root + skip.path): it \(skip.reason.rawValue); fix it and start again"
      )
    }
    if !refusals.isEmpty {
      throw StartupError(
        .invalidSite,
        lines: refusals + [
          "refusing to serve an invalid association file; fix it, or pass --allow-invalid to serve it anyway"
        ])
    }
    if refusals.isEmpty && !files.keys.contains(where: { WellKnownValidation.kind(of: $0) != nil })
    {
      // The site's own folder: with --sites, `configuration.root` is not set (it was said as
      // "no association file in :").
      let hint = domain == nil ? " (is --root the right folder?)" : ""
      throw StartupError(
        "no association file in \(root): put apple-app-site-association or "
          + "assetlinks.json in \(root)/.well-known/\(hint)")
    }
    var links: ServedLinks?
    if let linksFile {
      let outcome = LinksValidation.validate(
        linksFile.bytes, files: files, domain: site?.host)
      let lines = outcome.lines(file: scanner.root + SitePaths.links)
      guard let rules = outcome.rules else {
        throw StartupError(
          .invalidSite,
          lines: lines + [
            "refusing to answer links from \(scanner.root + SitePaths.links): its rules have errors; fix them and start again"
          ])
      }
      findings.append(contentsOf: lines)
      links = ServedLinks(rules: rules, fingerprint: linksFile.entry.fingerprint)
      logger.info(
        "answering \(rules.rules.count) link rule(s) from \(scanner.root + SitePaths.links)")
    }
    let store = Swappable(SiteSnapshot(files: files, links: links))
    let reloader = SiteFilesReloader(
      scanner: scanner, store: store, health: health, domain: domain,
      allowInvalid: configuration.allowInvalid, cacheControl: cacheControl, logger: logger,
      loaded: files, links: links,
      linksCandidate: linksFile.map { ($0.entry.fingerprint, $0.bytes) },
      settleTime: configuration.settleTime, skipped: Set(skipped))
    return InitialLoad(
      reloader: reloader, files: files.values.sorted { $0.path < $1.path }, findings: findings,
      skipped: skipped)
  }

  private init(
    scanner: SiteScanner, store: Swappable<SiteSnapshot>, health: SiteHealth, domain: String?,
    allowInvalid: Bool, cacheControl: String, logger: Logger, loaded: [String: ServedFile],
    links: ServedLinks?, linksCandidate: (fingerprint: FileFingerprint, bytes: [UInt8])?,
    settleTime: TimeAmount,
    skipped: Set<SkippedEntry>
  ) {
    self.scanner = scanner
    self.store = store
    self.health = health
    self.domain = domain
    self.site = Self.ownSite(domain)
    self.allowInvalid = allowInvalid
    self.cacheControl = cacheControl
    self.logger = logger
    self.loaded = loaded
    self.links = links
    self.linksCandidate = linksCandidate
    self.settling = Settling(settleTime: settleTime)
    self.reportedSkips = skipped
  }

  /// Looks for changes and applies those that have settled: a changed file is taken once the
  /// same bytes, size and modification time have been seen `settleTime` apart. `force`
  /// (SIGHUP) does not wait for the next scans: it reads each change, waits the settle time and
  /// reads again (a few rounds while files keep changing), and retries versions refused before.
  /// Returns whether a new snapshot was swapped in.
  @discardableResult
  public func reload(force: Bool = false) async -> Bool {
    guard force else { return pass(force: false) }
    var changed = pass(force: true)
    for _ in 0..<5 where settling.isWaiting {
      try? await Task.sleep(for: .nanoseconds(settling.settleTime.nanoseconds))
      if pass(force: true) { changed = true }
    }
    return changed
  }

  /// One scan: notes what changed, takes what has settled. Returns whether the snapshot changed.
  private func pass(force: Bool) -> Bool {
    let scan = scanner.scan()
    let now = NIODeadline.now()

    for skip in scan.skipped where !reportedSkips.contains(skip) {
      logger.warning("not serving \(skip.path): \(skip.reason.rawValue)")
    }
    reportedSkips = Set(scan.skipped)

    var changed = false
    var associationChanged = false
    var newLinks: (fingerprint: FileFingerprint, bytes: [UInt8])?
    settling.dropChanges(notIn: { scan.entries[$0] != nil })
    for entry in scan.entries.values.sorted(by: { $0.path < $1.path }) {
      settling.present(entry.path)
      let served =
        entry.path == SitePaths.links ? links?.fingerprint : loaded[entry.path]?.fingerprint
      if served == entry.fingerprint {
        settling.dropChange(entry.path)
        continue
      }
      if !force && rejected[entry.path] == entry.fingerprint { continue }
      // Changed while being read: the next scan will see it again.
      guard let bytes = scanner.read(entry) else {
        settling.dropChange(entry.path)
        continue
      }
      let observation = Observation(fingerprint: entry.fingerprint, bytes: bytes)
      guard settling.observe(entry.path, as: observation, at: now) else { continue }
      if entry.path == SitePaths.links {
        newLinks = (entry.fingerprint, bytes)
        continue
      }
      if apply(entry, bytes) {
        changed = true
        if WellKnownValidation.kind(of: entry.path) != nil { associationChanged = true }
      }
    }
    for path in loaded.keys.sorted() where scan.entries[path] == nil {
      guard settling.missing(path, at: now) else { continue }
      loaded[path] = nil
      if WellKnownValidation.kind(of: path) != nil {
        health.removeAssociationFile(healthKey(path))
        logger.warning(
          "\(healthKey(path)) was deleted: it is no longer served, and Apple's and Google's fetchers get 404"
        )
      } else {
        logger.info("removed \(path)")
      }
      changed = true
      if WellKnownValidation.kind(of: path) != nil { associationChanged = true }
    }
    if linksCandidate != nil, scan.entries[SitePaths.links] == nil,
      settling.missing(SitePaths.links, at: now)
    {
      linksCandidate = nil
      rejected[SitePaths.links] = nil
      if links != nil {
        links = nil
        logger.warning("\(healthKey(SitePaths.links)) was deleted: no link is answered any more")
        changed = true
      }
    }
    if let newLinks {
      linksCandidate = newLinks
      if relink(newLinks, isNew: true) { changed = true }
    } else if associationChanged, let linksCandidate {
      if relink(linksCandidate, isNew: false) { changed = true }
    }
    if changed {
      store.replace(with: SiteSnapshot(files: loaded, links: links))
      ServerMetrics.shared.recordReload()
    }
    return changed
  }

  /// Reads, checks and takes one changed file. Returns whether it is now served.
  private func apply(_ entry: SiteEntry, _ bytes: [UInt8]) -> Bool {
    if let outcome = WellKnownValidation.validate(bytes, path: entry.path, site: site) {
      let lines = outcome.lines(file: scanner.root + entry.path)
      if outcome.hasErrors && !allowInvalid {
        rejected[entry.path] = entry.fingerprint
        health.setAssociationFile(healthKey(entry.path), valid: false)
        ServerMetrics.shared.recordReloadFailure()
        let keeping =
          loaded[entry.path] == nil
          ? "it is not served" : "the last good version keeps being served"
        // One log line per finding, then the refusal: a line feed that the file put in a
        // finding stays escaped in its line.
        for line in lines {
          logger.log(level: WellKnownValidation.logLevel(ofFinding: line), "\(line)")
        }
        logger.error("refusing the new version of \(healthKey(entry.path)); \(keeping)")
        return false
      }
      for line in lines { logger.warning("\(line)") }
      health.setAssociationFile(healthKey(entry.path), valid: !outcome.hasErrors)
    }
    rejected[entry.path] = nil
    let file = ServedFile(
      path: entry.path, contents: bytes, lastModified: entry.fingerprint.modifiedSeconds,
      fingerprint: entry.fingerprint, cacheControl: cacheControl)
    // A page with App Link mistakes is still served: it is content, not an association file.
    for line in file.appLinkFindingLines(file: scanner.root + entry.path) {
      logger.warning("\(line)")
    }
    loaded[entry.path] = file
    logger.info("reloaded \(healthKey(entry.path)) (\(bytes.count) bytes)")
    return true
  }

  /// Checks a version of `links.json` against the association files served now, and takes its
  /// rules when they pass. A refused version keeps the last good rules, as a refused
  /// association file keeps the last good file; its findings are logged with FILE:LINE:COLUMN.
  /// `isNew`: the file changed (else an association file did, and the rules are checked again).
  /// Returns whether the rules served changed.
  private func relink(_ version: (fingerprint: FileFingerprint, bytes: [UInt8]), isNew: Bool)
    -> Bool
  {
    let outcome = LinksValidation.validate(version.bytes, files: loaded, domain: site?.host)
    let lines = outcome.lines(file: scanner.root + SitePaths.links)
    guard let rules = outcome.rules else {
      // A version refused before, checked again after an association change, stays quiet.
      guard isNew || rejected[SitePaths.links] != version.fingerprint else { return false }
      rejected[SitePaths.links] = version.fingerprint
      ServerMetrics.shared.recordReloadFailure()
      for line in lines {
        logger.log(level: WellKnownValidation.logLevel(ofFinding: line), "\(line)")
      }
      let keeping = links == nil ? "no link is answered" : "the last good rules keep being answered"
      logger.error(
        isNew
          ? "refusing the new version of \(healthKey(SitePaths.links)); \(keeping)"
          : "\(healthKey(SitePaths.links)) does not pass against the new association files; \(keeping)"
      )
      return false
    }
    rejected[SitePaths.links] = nil
    if !isNew, links?.fingerprint == version.fingerprint { return false }
    for line in lines where WellKnownValidation.logLevel(ofFinding: line) != .info {
      logger.warning("\(line)")
    }
    links = ServedLinks(rules: rules, fingerprint: version.fingerprint)
    logger.info(
      "reloaded \(healthKey(SitePaths.links)) (\(rules.rules.count) link rule(s))")
    return true
  }

  private static func ownSite(_ domain: String?) -> SiteDomain? {
    domain.flatMap { $0 == HostFoldersReloader.fallbackName ? nil : SiteDomain(host: $0) }
  }

  /// How logs, `/metrics` and `/readyz` name a file: its path, after the host with `--sites`.
  private func healthKey(_ path: String) -> String { (domain ?? "") + path }
}

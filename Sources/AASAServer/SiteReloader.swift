import Logging

/// Loads the site from disk and keeps it current: decides which files changed, reads and
/// validates them, and swaps a new snapshot into the store. An actor, because the poll loop and
/// SIGHUP can both ask for a reload at once.
public actor SiteReloader {
  public nonisolated let scanner: SiteScanner
  public nonisolated let store: SiteStore
  let allowInvalid: Bool
  let cacheControl: String
  let logger: Logger

  /// The files being served, by their own path (aliases are added by `SiteSnapshot`).
  private var loaded: [String: ServedFile]
  /// Versions already refused, so a broken file is reported once, not on every poll.
  private var rejected: [String: FileFingerprint] = [:]
  /// The previous scan: a file is only picked up once two scans in a row agree on it, so a file
  /// that is still being written is not served half-way.
  private var previousScan: [String: SiteEntry]
  private var reportedSkips: Set<SkippedEntry>

  /// What `load` found: the reloader, ready to serve, and the warnings worth showing.
  public struct InitialLoad: Sendable {
    public var reloader: SiteReloader
    /// Served files, sorted by path.
    public var files: [ServedFile]
    /// Diagnostic lines for association files that were accepted with warnings (or, with
    /// `--allow-invalid`, with errors).
    public var findings: [String]
    public var skipped: [SkippedEntry]
  }

  /// Loads the whole site. Refuses to start if an association file has errors, unless
  /// `allowInvalid` is set.
  public static func load(configuration: ServerConfiguration, logger: Logger) throws(StartupError)
    -> InitialLoad
  {
    let scanner = try SiteScanner(
      root: configuration.root, maxFileSize: configuration.maxFileSize)
    let scan = scanner.scan()
    let cacheControl = configuration.cacheMaxAge.map { "public, max-age=\($0)" } ?? "no-cache"
    var files: [String: ServedFile] = [:]
    var findings: [String] = []
    var refusals: [String] = []
    var skipped = scan.skipped
    for entry in scan.entries.values.sorted(by: { $0.path < $1.path }) {
      guard let bytes = scanner.read(entry) else {
        skipped.append(SkippedEntry(path: entry.path, reason: .unreadable))
        continue
      }
      if let outcome = WellKnownValidation.validate(bytes, path: entry.path) {
        let lines = outcome.lines(file: scanner.root + entry.path)
        if outcome.hasErrors && !configuration.allowInvalid {
          refusals.append(contentsOf: lines)
          continue
        }
        findings.append(contentsOf: lines)
      }
      files[entry.path] = ServedFile(
        path: entry.path, contents: bytes, lastModified: entry.fingerprint.modifiedSeconds,
        fingerprint: entry.fingerprint, cacheControl: cacheControl)
    }
    if !refusals.isEmpty {
      throw StartupError(
        .invalidSite,
        (refusals + [
          "refusing to serve an invalid association file; fix it, or pass --allow-invalid to serve it anyway"
        ]).joined(separator: "\n"))
    }
    let store = SiteStore(SiteSnapshot(files: files))
    let reloader = SiteReloader(
      scanner: scanner, store: store, allowInvalid: configuration.allowInvalid,
      cacheControl: cacheControl, logger: logger, loaded: files, scan: scan.entries,
      skipped: Set(skipped))
    return InitialLoad(
      reloader: reloader, files: files.values.sorted { $0.path < $1.path }, findings: findings,
      skipped: skipped)
  }

  private init(
    scanner: SiteScanner, store: SiteStore, allowInvalid: Bool, cacheControl: String,
    logger: Logger, loaded: [String: ServedFile], scan: [String: SiteEntry],
    skipped: Set<SkippedEntry>
  ) {
    self.scanner = scanner
    self.store = store
    self.allowInvalid = allowInvalid
    self.cacheControl = cacheControl
    self.logger = logger
    self.loaded = loaded
    self.previousScan = scan
    self.reportedSkips = skipped
  }

  /// Looks for changes and applies those that are ready. `force` (SIGHUP) applies every change
  /// at once, without waiting for a second scan, and retries versions refused before.
  /// Returns whether a new snapshot was swapped in.
  @discardableResult
  public func reload(force: Bool = false) -> Bool {
    let scan = scanner.scan()
    defer { previousScan = scan.entries }

    for skip in scan.skipped where !reportedSkips.contains(skip) {
      logger.warning("not serving \(skip.path): \(skip.reason.rawValue)")
    }
    reportedSkips = Set(scan.skipped)

    var changed = false
    for entry in scan.entries.values.sorted(by: { $0.path < $1.path }) {
      if loaded[entry.path]?.fingerprint == entry.fingerprint { continue }
      if !force {
        if rejected[entry.path] == entry.fingerprint { continue }
        if previousScan[entry.path]?.fingerprint != entry.fingerprint { continue }
      }
      if apply(entry) { changed = true }
    }
    for path in loaded.keys.sorted() where scan.entries[path] == nil {
      // Gone in two scans in a row (or on SIGHUP): a delete-then-write deploy is not a removal.
      if force || previousScan[path] == nil {
        loaded[path] = nil
        logger.info("removed \(path)")
        changed = true
      }
    }
    if changed {
      store.replace(with: SiteSnapshot(files: loaded))
    }
    return changed
  }

  /// Reads, checks and takes one changed file. Returns whether it is now served.
  private func apply(_ entry: SiteEntry) -> Bool {
    guard let bytes = scanner.read(entry) else {
      // Changed while being read: the next scan will see it again.
      return false
    }
    if let outcome = WellKnownValidation.validate(bytes, path: entry.path) {
      let lines = outcome.lines(file: scanner.root + entry.path)
      if outcome.hasErrors && !allowInvalid {
        rejected[entry.path] = entry.fingerprint
        let keeping =
          loaded[entry.path] == nil
          ? "it is not served" : "the last good version keeps being served"
        logger.error(
          "refusing the new version of \(entry.path); \(keeping)\n\(lines.joined(separator: "\n"))"
        )
        return false
      }
      for line in lines { logger.warning("\(line)") }
    }
    rejected[entry.path] = nil
    loaded[entry.path] = ServedFile(
      path: entry.path, contents: bytes, lastModified: entry.fingerprint.modifiedSeconds,
      fingerprint: entry.fingerprint, cacheControl: cacheControl)
    logger.info("reloaded \(entry.path) (\(bytes.count) bytes)")
    return true
  }

  /// The files being served now, sorted by path.
  public var servedFiles: [ServedFile] { loaded.values.sorted { $0.path < $1.path } }
}

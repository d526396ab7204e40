import Logging
import NIOCore

/// `--sites DIR`: which host folders are sites, and the files of each. One site per subfolder,
/// named by its host (`DIR/example.com/.well-known/…`), plus `DIR/_default` for hosts no folder
/// names. Each site has its own `SiteFilesReloader`: it is validated, reloaded and, when broken,
/// refused on its own. Folders that appear become sites
/// once they have settled; folders that disappear stop being served after the settle time too.
/// The host table is swapped into the router as a whole.
public actor HostFoldersReloader: Reloading {
  /// The folder whose subfolders are the sites.
  public nonisolated let directory: String
  public nonisolated let router: SiteRouter
  public nonisolated let health: SiteHealth
  let configuration: ServerConfiguration
  let logger: Logger
  private var sites: [String: SiteFilesReloader]
  /// Folders not served yet, with what was in them, until it has held still (a folder being
  /// copied is not taken half-way); and served folders that are gone.
  private var settling: Settling<String, [String: FileFingerprint]>
  /// Folders that could not be served, with what was in them then: tried again once it changes.
  private var refused: [String: [String: FileFingerprint]]
  /// Folders no request can reach, already reported: each is reported once while it stays.
  private var unreachable: Set<String>

  /// The folder name of the site that answers unknown hosts.
  public static let fallbackName = "_default"

  /// What `load` found, for the start-up report.
  public struct InitialLoad: Sendable {
    public var reloader: HostFoldersReloader
    /// Host (or `_default`) and the number of files served, sorted by host.
    public var sites: [(host: String, files: Int)]
  }

  /// Loads every site that can be served. A broken site is logged and left out; it never stops
  /// the others.
  public static func load(directory: String, configuration: ServerConfiguration, logger: Logger)
    throws(StartupError) -> InitialLoad
  {
    guard System.status(ofPath: directory)?.kind == .directory else {
      throw StartupError(
        "the sites folder \(directory) is not a directory: --sites takes a folder holding one folder per host (example.com/.well-known/…)"
      )
    }
    let health = SiteHealth(sitesStandAlone: true)
    var sites: [String: SiteFilesReloader] = [:]
    var refused: [String: [String: FileFingerprint]] = [:]
    var loaded: [(host: String, files: Int)] = []
    let folders = listFolders(in: directory)
    reportUnreachable(folders.unreachable, in: directory, logger: logger)
    for name in folders.sites {
      switch loadSite(
        name, directory: directory, configuration: configuration, logger: logger, health: health)
      {
      case .success(let site):
        sites[name] = site.reloader
        loaded.append((name, site.files.count))
      case .failure(let refusal):
        refused[name] = refusal.contents
      }
    }
    let router = SiteRouter(table: table(of: sites))
    if loaded.isEmpty {
      logger.warning(
        "no site is served yet: add folders named by host to \(directory) (example.com/.well-known/apple-app-site-association)"
      )
    }
    let reloader = HostFoldersReloader(
      directory: directory, router: router, health: health, configuration: configuration,
      logger: logger, sites: sites, refused: refused,
      unreachable: Set(folders.unreachable.keys))
    return InitialLoad(reloader: reloader, sites: loaded)
  }

  private init(
    directory: String, router: SiteRouter, health: SiteHealth,
    configuration: ServerConfiguration, logger: Logger, sites: [String: SiteFilesReloader],
    refused: [String: [String: FileFingerprint]], unreachable: Set<String>
  ) {
    self.directory = directory
    self.router = router
    self.health = health
    self.configuration = configuration
    self.settling = Settling(settleTime: configuration.settleTime)
    self.logger = logger
    self.sites = sites
    self.refused = refused
    self.unreachable = unreachable
  }

  private static func reportUnreachable(
    _ folders: [String: String], in directory: String, logger: Logger
  ) {
    for (name, problem) in folders.sorted(by: { $0.key < $1.key }) {
      logger.warning("not serving the folder \(directory)/\(name): \(problem)")
    }
  }

  /// The site folders (host names as requests are keyed, and `_default`; no dot-folders such as a
  /// Kubernetes ConfigMap's `..data`, no files), and the folders that look meant as sites but that
  /// no request can reach or that are not served, with why (see ``SiteFolderName`` and
  /// ``linkProblem(_:in:)``).
  static func listFolders(in directory: String) -> (sites: [String], unreachable: [String: String])
  {
    var sites: [String] = []
    var unreachable: [String: String] = [:]
    for name in System.directoryEntries(atPath: directory) ?? [] where !name.hasPrefix(".") {
      let path = directory + "/" + name
      guard System.status(ofPath: path)?.kind == .directory else { continue }
      if let problem = linkProblem(path, in: directory) {
        unreachable[name] = problem
      } else if name == fallbackName {
        sites.append(name)
      } else if let problem = SiteFolderName.problem(with: name) {
        unreachable[name] = problem
      } else {
        sites.append(name)
      }
    }
    return (sites, unreachable)
  }

  /// Why the site folder at `path` is not served when it is a symbolic link to a folder outside
  /// `directory`; nil for a real folder, or a link that stays inside (a deploy that swaps
  /// `example.com -> releases/v2/example.com`). A site's root is where its link leads, so a link
  /// out would serve any readable tree of the machine that has a `.well-known/` folder, whoever
  /// may only make an entry in `directory`.
  static func linkProblem(_ path: String, in directory: String) -> String? {
    guard System.status(ofPath: path, followingSymlinks: false)?.kind == .symbolicLink else {
      return nil
    }
    guard let base = try? System.realPath(directory), let target = try? System.realPath(path)
    else {
      return "it is a symbolic link that cannot be followed; make it a folder inside \(directory)"
    }
    let inside = base == "/" ? target != "/" : target.hasPrefix(base + "/")
    guard !inside else { return nil }
    return
      "it is a symbolic link to \(target), outside \(directory); a site's folder must be inside --sites: move the site into \(directory), or link to a folder inside it"
  }

  /// A refused site, with what was in its folder.
  struct Refused: Error {
    var contents: [String: FileFingerprint]
  }

  /// Loads one site folder, logging why when it cannot be served.
  private static func loadSite(
    _ name: String, directory: String, configuration: ServerConfiguration, logger: Logger,
    health: SiteHealth
  ) -> Result<SiteFilesReloader.InitialLoad, Refused> {
    let root = directory + "/" + name
    do {
      let site = try SiteFilesReloader.load(
        configuration: configuration, logger: logger, root: root, domain: name, health: health)
      for line in site.findings {
        logger.log(level: WellKnownValidation.logLevel(ofFinding: line), "\(line)")
      }
      for skip in site.skipped {
        logger.warning("not serving \(name)\(skip.path): \(skip.reason.rawValue)")
      }
      return .success(site)
    } catch {
      ServerMetrics.shared.recordReloadFailure()
      // One log line per finding, then the refusal (see `StartupError.lines`).
      for line in error.lines.dropLast() {
        logger.log(level: WellKnownValidation.logLevel(ofFinding: line), "\(line)")
      }
      logger.error(
        "not serving the site \(name) (the other sites are not affected): \(error.lines.last ?? "")"
      )
      return .failure(Refused(contents: contents(of: root, configuration: configuration)))
    }
  }

  /// What is in a folder, to tell whether it changed.
  private static func contents(of root: String, configuration: ServerConfiguration)
    -> [String: FileFingerprint]
  {
    guard let scanner = try? SiteScanner(root: root, maxFileSize: configuration.maxFileSize)
    else { return [:] }
    return scanner.scan().entries.mapValues(\.fingerprint)
  }

  private static func table(of sites: [String: SiteFilesReloader]) -> SiteRouter.Table {
    var table = SiteRouter.Table()
    for (name, site) in sites {
      if name == fallbackName {
        table.fallback = site.store
      } else {
        table.sites[name] = site.store
      }
    }
    return table
  }

  public func reload(force: Bool = false) async -> Bool {
    var changed = pass(force: force)
    // SIGHUP: a folder still being copied has the settle time to finish, as files do.
    for _ in 0..<5 where force && settling.hasChanges {
      try? await Task.sleep(for: .nanoseconds(configuration.settleTime.nanoseconds))
      if pass(force: true) { changed = true }
    }
    for site in sites.values where await site.reload(force: force) { changed = true }
    return changed
  }

  /// One scan of the folder list: takes folders that have settled, drops those gone for the
  /// settle time. Returns whether the host table changed.
  private func pass(force: Bool) -> Bool {
    let folders = Self.listFolders(in: directory)
    let names = Set(folders.sites)
    Self.reportUnreachable(
      folders.unreachable.filter { !unreachable.contains($0.key) }, in: directory, logger: logger)
    unreachable = Set(folders.unreachable.keys)
    let now = NIODeadline.now()
    var tableChanged = false
    // Every folder found is not going away, served or not: a served site that vanished for a scan
    // and came back must wait the whole settle time again before a later disappearance drops it.
    for name in names { settling.present(name) }
    for name in names.sorted() where sites[name] == nil {
      let contents = Self.contents(of: directory + "/" + name, configuration: configuration)
      if !force && refused[name] == contents { continue }
      guard settling.observe(name, as: contents, at: now) else { continue }
      switch Self.loadSite(
        name, directory: directory, configuration: configuration, logger: logger, health: health)
      {
      case .success(let site):
        sites[name] = site.reloader
        refused[name] = nil
        logger.info("serving the new site \(name) (\(site.files.count) file(s))")
        tableChanged = true
      case .failure(let refusal):
        refused[name] = refusal.contents
      }
    }
    settling.dropChanges(notIn: names.contains)
    for name in refused.keys where !names.contains(name) { refused[name] = nil }
    for name in sites.keys.sorted() where !names.contains(name) {
      guard settling.missing(name, at: now) else { continue }
      sites[name] = nil
      health.removeAssociationFiles(under: name)
      logger.warning("the site \(name) was removed: it is no longer served")
      tableChanged = true
    }
    if tableChanged {
      router.replace(with: Self.table(of: sites))
      ServerMetrics.shared.recordReload()
    }
    return tableChanged
  }
}

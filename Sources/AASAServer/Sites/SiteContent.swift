import Logging

/// What is served: one site (`--root`) or a site per host (`--sites`), with what reloads it,
/// routes to it and reports on it.
public struct SiteContent: Sendable {
  public enum Listing: Sendable {
    /// `--root`: the files served, sorted by path.
    case files([ServedFile])
    /// `--sites`: the folder and each site with its number of files.
    case sites(directory: String, [(host: String, files: Int)])
  }

  public var router: SiteRouter
  public var reloader: any Reloading
  public var health: SiteHealth
  public var listing: Listing

  /// Loads the site or sites, logging warnings; refuses to start only for what `--root` refuses
  /// (with `--sites`, a broken site is left out and the others are served).
  public static func load(configuration: ServerConfiguration, logger: Logger)
    throws(StartupError) -> SiteContent
  {
    if let directory = configuration.sites {
      let loaded = try HostFoldersReloader.load(
        directory: directory, configuration: configuration, logger: logger)
      return SiteContent(
        router: loaded.reloader.router, reloader: loaded.reloader,
        health: loaded.reloader.health, listing: .sites(directory: directory, loaded.sites))
    }
    let site = try SiteFilesReloader.load(configuration: configuration, logger: logger)
    for line in site.findings {
      logger.log(level: WellKnownValidation.logLevel(ofFinding: line), "\(line)")
    }
    for skip in site.skipped { logger.warning("not serving \(skip.path): \(skip.reason.rawValue)") }
    return SiteContent(
      router: SiteRouter(single: site.reloader.store), reloader: site.reloader,
      health: site.reloader.health, listing: .files(site.files))
  }
}

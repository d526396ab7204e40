import Foundation

/// Which site answers a request, by its `Host` / `:authority`. With `--root` there is one site
/// and the host does not matter (and no lock is taken); with `--sites` a table of host to site
/// store is swapped as a whole when sites appear or disappear, and each site's store is swapped
/// on its own when its files change.
public final class SiteRouter: @unchecked Sendable {
  // @unchecked: `table` is only touched under `lock`; `single` never changes.

  /// The sites being served at one moment, by host key.
  public struct Table: Sendable {
    public var sites: [String: SiteStore]
    /// `DIR/_default`: answers hosts no folder names. Without it they get 421.
    public var fallback: SiteStore?

    public init(sites: [String: SiteStore] = [:], fallback: SiteStore? = nil) {
      self.sites = sites
      self.fallback = fallback
    }
  }

  private let single: SiteStore?
  private let lock = NSLock()
  private var table = Table()

  /// One site for every host (`--root`).
  public init(single store: SiteStore) {
    self.single = store
  }

  /// A site per host (`--sites`).
  public init(table: Table) {
    self.single = nil
    self.table = table
  }

  /// Whether requests are routed by host at all.
  public var routesByHost: Bool { single == nil }

  /// The site for a request's `Host` or `:authority`, or nil when no site answers for it.
  public func site(forAuthority authority: String?) -> SiteSnapshot? {
    if let single { return single.current }
    let key = authority.flatMap(HostName.key(forAuthority:))
    let store: SiteStore? = lock.withLock {
      if let key, let found = table.sites[key] { return found }
      return table.fallback
    }
    return store?.current
  }

  public var currentTable: Table {
    if let single { return Table(fallback: single) }
    return lock.withLock { table }
  }

  public func replace(with table: Table) {
    precondition(single == nil, "a single-site router has no table")
    lock.withLock { self.table = table }
  }
}

/// Which site answers a request, by its `Host` / `:authority`. With `--root` there is one site
/// and the host does not matter (and no lock is taken); with `--sites` a table of host to site
/// is swapped as a whole when sites appear or disappear, and each site's snapshot is swapped on
/// its own when its files change.
public final class SiteRouter: Sendable {
  /// The sites being served at one moment, by host key.
  public struct Table: Sendable {
    public var sites: [String: Swappable<SiteSnapshot>]
    /// `DIR/_default`: answers hosts no folder names. Without it they get 421.
    public var fallback: Swappable<SiteSnapshot>?

    public init(
      sites: [String: Swappable<SiteSnapshot>] = [:], fallback: Swappable<SiteSnapshot>? = nil
    ) {
      self.sites = sites
      self.fallback = fallback
    }
  }

  private let single: Swappable<SiteSnapshot>?
  private let table: Swappable<Table>

  /// One site for every host (`--root`).
  public init(single site: Swappable<SiteSnapshot>) {
    self.single = site
    self.table = Swappable(Table())
  }

  /// A site per host (`--sites`).
  public init(table: Table) {
    self.single = nil
    self.table = Swappable(table)
  }

  /// Whether requests are routed by host at all.
  public var routesByHost: Bool { single == nil }

  /// The site for a request's `Host` or `:authority`, or nil when no site answers for it.
  public func site(forAuthority authority: String?) -> SiteSnapshot? {
    if let single { return single.current }
    let key = authority.flatMap(HostName.key(forAuthority:))
    let table = table.current
    let site = key.flatMap { table.sites[$0] } ?? table.fallback
    return site?.current
  }

  /// The name `aasa_requests_total` counts a request under with `--sites`: the site's host, `_default`
  /// for the fallback, `-` when no site answers; nil with `--root`. Only names of the table, so a
  /// client cannot make up labels.
  public func metricsLabel(forAuthority authority: String?) -> String? {
    guard single == nil else { return nil }
    let table = table.current
    if let key = authority.flatMap(HostName.key(forAuthority:)), table.sites[key] != nil {
      return key
    }
    return table.fallback == nil ? "-" : HostFoldersReloader.fallbackName
  }

  /// The host the access log names with `--sites`: the site key the request's `Host` or
  /// `:authority` makes (lower case, without port or trailing dot; the client's words, clipped
  /// and escaped where written), `-` when it names none; nil with `--root`, where the host
  /// chooses nothing and the access line has no host.
  public func accessLogHost(forAuthority authority: String?) -> String? {
    guard single == nil else { return nil }
    return authority.flatMap(HostName.key(forAuthority:)) ?? "-"
  }

  public var currentTable: Table {
    if let single { return Table(fallback: single) }
    return table.current
  }

  public func replace(with table: Table) {
    precondition(single == nil, "a single-site router has no table")
    self.table.replace(with: table)
  }
}

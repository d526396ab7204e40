/// Something `ReloadPoller` polls and SIGHUP reloads: one site (`--root`), every site (`--sites`),
/// or the certificates (`--tls-dir`).
public protocol Reloading: Sendable {
  /// Looks for changes and applies those that have settled; `force` (SIGHUP) waits for them to
  /// settle instead of leaving them to later scans. Returns whether anything new is served.
  func reload(force: Bool) async -> Bool
}

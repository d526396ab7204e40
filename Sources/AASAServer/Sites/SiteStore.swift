import Foundation

/// Holds the snapshot being served. Request handlers take the current one under a lock held only
/// long enough to retain a reference; the reloader swaps in a new one the same way.
public final class SiteStore: @unchecked Sendable {
  // @unchecked: `snapshot` is only touched under `lock`.
  private let lock = NSLock()
  private var snapshot: SiteSnapshot

  public init(_ snapshot: SiteSnapshot) {
    self.snapshot = snapshot
  }

  public var current: SiteSnapshot { lock.withLock { snapshot } }

  public func replace(with snapshot: SiteSnapshot) {
    lock.withLock { self.snapshot = snapshot }
  }
}

import Foundation

/// Holds the certificate table being served. Connections take the current one under a lock held
/// only long enough to retain a reference; the reloader swaps in a new one the same way.
public final class CertificateStore: @unchecked Sendable {
  // @unchecked: `table` is only touched under `lock`.
  private let lock = NSLock()
  private var table: CertificateTable

  public init(_ table: CertificateTable) {
    self.table = table
  }

  public var current: CertificateTable { lock.withLock { table } }

  public func replace(with table: CertificateTable) {
    lock.withLock { self.table = table }
  }
}

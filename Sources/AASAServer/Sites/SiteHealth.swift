import Foundation

/// What `/readyz` and the association file metrics read: whether each association file on disk
/// is valid, and whether the server is draining. Written by the reloader and by shutdown, read
/// from the admin endpoint's event loop.
public final class SiteHealth: @unchecked Sendable {
  // @unchecked: every stored property is only touched under `lock`.
  private let lock = NSLock()
  private var validity: [String: Bool] = [:]
  private var draining = false
  /// `--sites`: one broken site must not take the others out of rotation, so readiness asks
  /// only that some association file is served; each file's validity is still in `/metrics`.
  private let sitesStandAlone: Bool

  public init(sitesStandAlone: Bool = false) {
    self.sitesStandAlone = sitesStandAlone
  }

  /// The association file at `path` is (or is not) valid as it is on disk now. A refused new
  /// version makes it invalid even though the last good one is still served.
  func setAssociationFile(_ path: String, valid: Bool) {
    lock.withLock { validity[path] = valid }
  }

  func removeAssociationFile(_ path: String) {
    _ = lock.withLock { validity.removeValue(forKey: path) }
  }

  /// `--sites`: a site folder went away with its files.
  func removeAssociationFiles(under host: String) {
    lock.withLock { validity = validity.filter { !$0.key.hasPrefix(host + "/") } }
  }

  func startDraining() { lock.withLock { draining = true } }

  var associationFiles: [String: Bool] { lock.withLock { validity } }

  /// Why the server should not get traffic, or nil when it is ready.
  var notReadyReason: String? {
    lock.withLock {
      if draining { return "shutting down" }
      if validity.isEmpty { return "no association file is served" }
      if sitesStandAlone {
        return validity.values.contains(true) ? nil : "no valid association file is served"
      }
      let invalid = validity.filter { !$0.value }.keys.sorted()
      if !invalid.isEmpty { return "invalid: \(invalid.joined(separator: ", "))" }
      return nil
    }
  }
}

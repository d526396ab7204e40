import NIOConcurrencyHelpers

/// What `/readyz` and the association file metrics read: whether each association file on disk
/// is valid, and whether the server is draining. Written by the reloader and by shutdown, read
/// from the admin endpoint's event loop.
public final class SiteHealth: Sendable {
  private struct State {
    var validity: [String: Bool] = [:]
    var draining = false
  }
  private let state = NIOLockedValueBox(State())
  /// `--sites`: one broken site must not take the others out of rotation, so readiness asks
  /// only that some association file is served; each file's validity is still in `/metrics`.
  private let sitesStandAlone: Bool

  public init(sitesStandAlone: Bool = false) {
    self.sitesStandAlone = sitesStandAlone
  }

  /// The association file at `path` is (or is not) valid as it is on disk now. A refused new
  /// version makes it invalid even though the last good one is still served.
  func setAssociationFile(_ path: String, valid: Bool) {
    state.withLockedValue { $0.validity[path] = valid }
  }

  func removeAssociationFile(_ path: String) {
    _ = state.withLockedValue { $0.validity.removeValue(forKey: path) }
  }

  /// `--sites`: a site folder went away with its files.
  func removeAssociationFiles(under host: String) {
    state.withLockedValue { $0.validity = $0.validity.filter { !$0.key.hasPrefix(host + "/") } }
  }

  func startDraining() { state.withLockedValue { $0.draining = true } }

  var associationFiles: [String: Bool] { state.withLockedValue { $0.validity } }

  /// Why the server should not get traffic, or nil when it is ready.
  var notReadyReason: String? {
    state.withLockedValue { state in
      let validity = state.validity
      if state.draining { return "shutting down" }
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

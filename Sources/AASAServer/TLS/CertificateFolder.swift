/// `--tls-dir DIR`: where each certificate and its key are. Two layouts, as renewal tools write
/// them:
/// - `NAME.crt` (or `NAME.pem`) holding the chain, leaf first, next to `NAME.key` (lego; a
///   Kubernetes TLS secret mounted as a folder is `tls.crt` and `tls.key`). Without a `.key`
///   file, the key is read from the certificate file itself (HAProxy's combined PEM).
/// - a folder `NAME/` holding `fullchain.pem` and `privkey.pem` (certbot's `live/NAME`, whose
///   symlinks are followed).
/// Dotfiles and lego's `NAME.issuer.crt` (the issuer alone) are not certificates.
struct CertificateFolder: Sendable {
  let directory: String

  /// One certificate's files.
  struct Pair: Hashable, Sendable {
    var name: String
    var chain: String
    var key: String
  }

  /// What `stat` says about both files: a renewal changes one or both.
  struct Fingerprint: Hashable, Sendable {
    var chain: FileFingerprint
    var key: FileFingerprint
  }

  func scan() -> [String: (pair: Pair, fingerprint: Fingerprint)] {
    var found: [String: (pair: Pair, fingerprint: Fingerprint)] = [:]
    let names = System.directoryEntries(atPath: directory) ?? []
    let files = Set(names.filter { System.status(ofPath: directory + "/" + $0)?.kind == .regular })
    for name in names where !name.hasPrefix(".") {
      let path = directory + "/" + name
      if files.contains(name) {
        guard let stem = Self.certificateStem(name) else { continue }
        let keyName = stem + ".key"
        let key = files.contains(keyName) ? directory + "/" + keyName : path
        add(Pair(name: stem, chain: path, key: key), to: &found)
      } else if System.status(ofPath: path)?.kind == .directory {
        let inside = Set(System.directoryEntries(atPath: path) ?? [])
        if inside.contains("fullchain.pem") && inside.contains("privkey.pem") {
          add(
            Pair(name: name, chain: path + "/fullchain.pem", key: path + "/privkey.pem"),
            to: &found)
        } else if inside.contains("tls.crt") && inside.contains("tls.key") {
          add(Pair(name: name, chain: path + "/tls.crt", key: path + "/tls.key"), to: &found)
        }
      }
    }
    return found
  }

  /// `NAME` for `NAME.crt`, `NAME.pem` or `NAME.cer`; nil for keys and anything else.
  static func certificateStem(_ file: String) -> String? {
    for suffix in [".crt", ".pem", ".cer"] where file.hasSuffix(suffix) {
      let stem = String(file.dropLast(suffix.count))
      guard !stem.isEmpty, !stem.hasSuffix(".issuer"), !stem.hasSuffix(".key") else { return nil }
      return stem
    }
    return nil
  }

  private func add(_ pair: Pair, to found: inout [String: (pair: Pair, fingerprint: Fingerprint)]) {
    // Two files for one name (`a.crt` and `a.pem`): the first in sorted order is taken.
    guard found[pair.name] == nil, let chain = fingerprint(pair.chain),
      let key = fingerprint(pair.key)
    else { return }
    found[pair.name] = (pair, Fingerprint(chain: chain, key: key))
  }

  private func fingerprint(_ path: String) -> FileFingerprint? {
    guard let status = System.status(ofPath: path), status.kind == .regular else { return nil }
    return status.fingerprint
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let names = Self.entries(of: directory)
    let files = Set(names.filter { isFile(directory + "/" + $0) })
    for name in names where !name.hasPrefix(".") {
      let path = directory + "/" + name
      if files.contains(name) {
        guard let stem = Self.certificateStem(name) else { continue }
        let keyName = stem + ".key"
        let key = files.contains(keyName) ? directory + "/" + keyName : path
        add(Pair(name: stem, chain: path, key: key), to: &found)
      } else if isDirectory(path) {
        let inside = Set(Self.entries(of: path))
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
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return FileFingerprint(info)
  }

  private func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
  }

  private func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// Entry names, sorted, without `.` and `..`.
  static func entries(of directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}

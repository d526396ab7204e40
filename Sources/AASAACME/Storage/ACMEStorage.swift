import Foundation

/// The ACME folder (`--acme-dir`), shared by replicas:
///
/// ```
/// DIR/accounts/<ca-host>/account.key    the account's P-256 key, 0600
/// DIR/accounts/<ca-host>/account.json   {"directory": …, "url": …}
/// DIR/certificates/<name>.crt           the chain, leaf first
/// DIR/certificates/<name>.key           its P-256 key, 0600
/// ```
///
/// `certificates/` is in the layout `--tls-dir` reads (lego's `NAME.crt` beside `NAME.key`), so
/// the server's checks and reloads apply to it. Folders are 0700; every file is written
/// atomically (a new file renamed over the old), the key before the chain, so a reader sees a
/// pair that does not match at worst, which the loader refuses while keeping the old one.
public struct ACMEStorage: Sendable {
  public let directory: String

  public init(directory: String) { self.directory = directory }

  /// The folder to read as `--tls-dir`.
  public var certificatesDirectory: String { directory + "/certificates" }

  /// An account as stored: its key and its URL at the CA.
  public struct StoredAccount: Sendable {
    public var key: AccountKey
    public var url: String
  }

  /// Why the folder could not be read or written.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
    /// A write failed because the disk (or the user's quota) is full: freeing space fixes it,
    /// not permissions.
    public var diskFull = false

    public init(description: String, diskFull: Bool = false) {
      self.description = description
      self.diskFull = diskFull
    }
  }

  /// The largest file read back: a key or an account's JSON is far smaller.
  static let readCap = 64 * 1024

  // MARK: Accounts

  /// Keeps `account` (key and URL) for the CA of `directoryURL`.
  public func saveAccount(_ account: ACMEAccount, directoryURL: String) throws(Failure) {
    let folder = try accountFolder(directoryURL)
    try makeFolders([directory, directory + "/accounts", folder])
    try write(Array(account.key.pemRepresentation.utf8), to: folder + "/account.key", key: true)
    let record = AccountRecord(directory: directoryURL, url: account.url)
    let json: [UInt8]
    do { json = try ACMEJSON.encode(record) } catch {
      throw Failure(description: "cannot encode the account as JSON")
    }
    try write(json, to: folder + "/account.json", key: false)
  }

  /// The account kept for the CA of `directoryURL`; nil when none is.
  public func loadAccount(directoryURL: String) throws(Failure) -> StoredAccount? {
    let folder = try accountFolder(directoryURL)
    guard let keyPEM = try read(folder + "/account.key") else { return nil }
    guard let json = try read(folder + "/account.json") else { return nil }
    let key: AccountKey
    do { key = try AccountKey(pem: String(decoding: keyPEM, as: UTF8.self)) } catch {
      throw Failure(description: "\(folder)/account.key is not a P-256 key in PEM")
    }
    guard let record = try? JSONDecoder().decode(AccountRecord.self, from: Data(json)),
      record.directory == directoryURL
    else {
      throw Failure(description: "\(folder)/account.json is not this CA's account record")
    }
    return StoredAccount(key: key, url: record.url)
  }

  // MARK: Certificates

  /// Writes the chain and key of `name` as `certificates/<name>.crt` and `.key`; returns their
  /// paths.
  @discardableResult
  public func saveCertificate(_ issued: IssuedCertificate, name: String) throws(Failure)
    -> (chain: String, key: String)
  {
    guard Self.isStorableName(name) else {
      throw Failure(description: "\(ACMEProblem.clipped(name)) is not a host name to store")
    }
    try makeFolders([directory, certificatesDirectory])
    let chain = "\(certificatesDirectory)/\(name).crt"
    let key = "\(certificatesDirectory)/\(name).key"
    try write(Array(issued.privateKeyPEM.utf8), to: key, key: true)
    try write(Array(issued.chainPEM.utf8), to: chain, key: false)
    return (chain, key)
  }

  /// Lowercase letters, digits, `-` and `.`, labels not empty, at most 253 characters: a name
  /// that is also a safe file name.
  static func isStorableName(_ name: String) -> Bool {
    guard !name.isEmpty, name.utf8.count <= 253 else { return false }
    let allowed = name.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".")
    }
    return allowed && !name.split(separator: ".", omittingEmptySubsequences: false).contains("")
  }

  // MARK: Files

  private struct AccountRecord: Codable {
    var directory: String
    var url: String
  }

  /// `accounts/<host>` or `accounts/<host>_<port>` of the directory URL.
  private func accountFolder(_ directoryURL: String) throws(Failure) -> String {
    guard let components = URLComponents(string: directoryURL),
      let host = components.host?.lowercased(),
      Self.isStorableName(host)
    else {
      throw Failure(description: "\(ACMEProblem.clipped(directoryURL)) names no usable CA host")
    }
    let port = components.port.map { "_\($0)" } ?? ""
    return "\(directory)/accounts/\(host)\(port)"
  }

  func makeFolders(_ folders: [String]) throws(Failure) {
    for folder in folders {
      do { try System.makeDirectory(folder, permissions: 0o700) } catch {
        throw Failure(
          description: "cannot make \(folder): \(error.reason)", diskFull: error.isDiskFull)
      }
    }
  }

  func write(_ bytes: [UInt8], to path: String, key: Bool) throws(Failure) {
    do { try System.writeAtomically(bytes, to: path, permissions: key ? 0o600 : 0o644) } catch {
      throw Failure(
        description: "cannot write \(path): \(error.reason)", diskFull: error.isDiskFull)
    }
  }

  /// The file's bytes; nil when it does not exist.
  func read(_ path: String, cap: Int = readCap) throws(Failure) -> [UInt8]? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Failure(description: "cannot read \(path)")
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: cap + 1)) ?? Data()
    guard data.count <= cap else {
      throw Failure(description: "\(path) is larger than \(cap) bytes")
    }
    return [UInt8](data)
  }
}

/// Reads the certificates of a Java KeyStore (`JKS`, and `JCEKS`'s certificate entries): the
/// format `keytool` wrote by default before Java 9, and the one most upload keys still live in.
///
/// Certificates are stored in the clear, so no password is needed to read them (the password
/// only protects the private keys and the file's integrity digest, which are not read). Layout:
/// magic `FEEDFEED` (JCEKS: `CECECECE`), version 1 or 2, entry count; each entry a tag (1 private
/// key, 2 trusted certificate, 3 secret key), the alias (`UInt16` length + modified UTF-8) and a
/// timestamp; then for a key its protected bytes and its certificate chain, for a certificate
/// the certificate (each with its type name in version 2).
public enum JavaKeyStore {
  static let jksMagic: [UInt8] = [0xFE, 0xED, 0xFE, 0xED]
  static let jceksMagic: [UInt8] = [0xCE, 0xCE, 0xCE, 0xCE]
  /// More entries than any real keystore has: the reader stops there.
  static let maximumEntries = 10_000
  static let maximumChain = 100

  public static func looksLikeKeyStore(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: jksMagic) || bytes.starts(with: jceksMagic)
  }

  public static func certificates(in bytes: [UInt8]) throws(CertificateFileError)
    -> [CertificateEntry]
  {
    do {
      return try read(bytes)
    } catch let error as CertificateFileError {
      throw error
    } catch {
      throw CertificateFileError("the keystore is truncated or malformed")
    }
  }

  private static func read(_ bytes: [UInt8]) throws -> [CertificateEntry] {
    var reader = ByteCursor(bytes[...])
    _ = try reader.take(4)
    let version = try reader.bigEndian(4)
    guard version == 1 || version == 2 else {
      throw CertificateFileError("the keystore has version \(version); only 1 and 2 exist")
    }
    let count = try reader.bigEndian(4)
    guard count <= maximumEntries else {
      throw CertificateFileError("the keystore claims \(count) entries")
    }
    var certificates: [CertificateEntry] = []
    for _ in 0..<count {
      let tag = try reader.bigEndian(4)
      let alias = try utf(&reader)
      _ = try reader.take(8)  // the timestamp
      switch tag {
      case 1:
        _ = try reader.take(Int(try reader.bigEndian(4)))  // the protected private key
        let chain = try reader.bigEndian(4)
        guard chain <= maximumChain else { throw CertificateFileError("a chain is too long") }
        for index in 0..<chain {
          let der = try certificate(&reader, version: version)
          let role = index == 0 ? "" : " (chain certificate \(index + 1))"
          certificates.append(
            CertificateEntry(der: der, origin: "keystore entry \"\(alias)\"\(role)"))
        }
      case 2:
        let der = try certificate(&reader, version: version)
        certificates.append(
          CertificateEntry(der: der, origin: "keystore certificate entry \"\(alias)\""))
      default:
        // A JCEKS secret key is a serialized Java object: nothing to read past it safely.
        return certificates
      }
    }
    return certificates
  }

  private static func certificate(_ reader: inout ByteCursor, version: UInt64) throws -> [UInt8] {
    if version == 2 { _ = try utf(&reader) }  // "X.509"
    let length = try reader.bigEndian(4)
    guard length <= UInt64(reader.remaining) else { throw ByteCursor.Truncated() }
    return Array(try reader.take(Int(length)))
  }

  /// Java's `writeUTF`: a big-endian `UInt16` length, then modified UTF-8 (close enough to UTF-8
  /// for aliases).
  private static func utf(_ reader: inout ByteCursor) throws -> String {
    let length = try reader.bigEndian(2)
    return String(decoding: try reader.take(Int(length)), as: UTF8.self)
  }
}

import Foundation
import SwiftASN1
import X509

extension ACMEStorage {
  /// A stored certificate as the manager sees it: its leaf's dates and ARI identifier.
  public struct StoredCertificate: Sendable {
    public var notBefore: Date
    public var notAfter: Date
    public var serial: String
    /// RFC 9773 §4.1; nil when the leaf has no authority key identifier.
    public var certificateID: String?
  }

  /// The leaf of `certificates/<name>.crt`; nil when there is none or it does not parse (the
  /// server refuses such a file too, so the name needs a certificate).
  public func loadCertificate(name: String) -> StoredCertificate? {
    guard Self.isStorableName(name),
      let bytes = try? read("\(certificatesDirectory)/\(name).crt", cap: 1024 * 1024),
      let documents = try? PEMDocument.parseMultiple(
        pemString: String(decoding: bytes, as: UTF8.self)),
      let first = documents.first, let leaf = try? Certificate(derEncoded: first.derBytes)
    else { return nil }
    return StoredCertificate(
      notBefore: leaf.notValidBefore, notAfter: leaf.notValidAfter,
      serial: leaf.serialNumber.description, certificateID: ACMEClient.certificateID(of: leaf))
  }

  /// The modification time and size of `certificates/<name>.crt`, to notice a new one cheaply.
  func certificateStamp(name: String) -> String? {
    guard Self.isStorableName(name),
      let attributes = try? FileManager.default.attributesOfItem(
        atPath: "\(certificatesDirectory)/\(name).crt"),
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return "\(modified.timeIntervalSince1970)/\((attributes[.size] as? Int) ?? -1)"
  }
}

import Foundation
import NIOSSL
import X509

/// What Apple's and Google's fetchers demand of a certificate beyond a trusted chain, checked at
/// start-up so that a server that would be refused in production does not start silently:
/// - valid now (not expired, not yet to come);
/// - a key of 2048-bit RSA or more, or ECDSA on P-256 or P-384 (Apple refuses anything else,
///   Ed25519 included);
/// - a subjectAltName extension: host names in the common name alone are not matched.
enum CertificateRequirements {
  /// One line per unmet requirement, naming `file`; empty when the leaf would be accepted.
  static func problems(leaf: NIOSSLCertificate, file: String, now: Date = Date()) -> [String] {
    var problems: [String] = []
    let notBefore = Date(timeIntervalSince1970: TimeInterval(leaf.notValidBefore))
    let notAfter = Date(timeIntervalSince1970: TimeInterval(leaf.notValidAfter))
    if notAfter < now {
      problems.append("the certificate \(file) expired on \(day(notAfter))")
    } else if notBefore > now {
      problems.append("the certificate \(file) is not valid until \(day(notBefore))")
    }
    if let spki = try? leaf.extractPublicKey().toSPKIBytes(), let key = KeyKind(spki: spki) {
      switch key {
      case .rsa(let bits) where bits < 2048:
        problems.append(
          "the certificate \(file) has a \(bits)-bit RSA key; at least 2048 bits are needed")
      case .rsa, .p256, .p384:
        break
      case .otherCurve:
        problems.append(
          "the certificate \(file) has an ECDSA key on a curve other than P-256 or P-384")
      case .ed25519:
        problems.append("the certificate \(file) has an Ed25519 key, which Apple does not accept")
      }
    } else {
      problems.append("the certificate \(file) has a key of a kind Apple does not accept")
    }
    if let parsed = try? Certificate(derEncoded: leaf.toDERBytes()),
      (try? parsed.extensions.subjectAlternativeNames) ?? nil == nil
    {
      problems.append(
        "the certificate \(file) has no subjectAltName; clients only match host names listed there"
      )
    }
    return problems
  }

  private static func day(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withFullDate]
    return formatter.string(from: date)
  }

  /// The kind of public key in a DER SubjectPublicKeyInfo, read with just enough DER to tell.
  enum KeyKind: Equatable {
    case rsa(bits: Int)
    case p256, p384, otherCurve, ed25519

    private static let rsaEncryption: [UInt8] = [
      0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01,
    ]
    private static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    private static let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
    private static let secp384r1: [UInt8] = [0x2B, 0x81, 0x04, 0x00, 0x22]
    private static let ed25519OID: [UInt8] = [0x2B, 0x65, 0x70]

    init?(spki: [UInt8]) {
      var reader = DERReader(spki[...])
      guard var info = reader.read(tag: 0x30), var algorithm = info.read(tag: 0x30),
        let oid = algorithm.read(tag: 0x06)?.bytes
      else { return nil }
      switch Array(oid) {
      case Self.rsaEncryption:
        // subjectPublicKey BIT STRING: one byte of unused bits, then RSAPublicKey.
        guard let bitString = info.read(tag: 0x03)?.bytes, bitString.count > 1 else { return nil }
        var key = DERReader(bitString.dropFirst())
        guard var sequence = key.read(tag: 0x30), let modulus = sequence.read(tag: 0x02)?.bytes
        else { return nil }
        let significant = modulus.drop { $0 == 0 }
        guard let first = significant.first else { return nil }
        self = .rsa(bits: (significant.count - 1) * 8 + (8 - first.leadingZeroBitCount))
      case Self.ecPublicKey:
        switch algorithm.read(tag: 0x06).map({ Array($0.bytes) }) {
        case Self.prime256v1: self = .p256
        case Self.secp384r1: self = .p384
        default: self = .otherCurve
        }
      case Self.ed25519OID:
        self = .ed25519
      default:
        return nil
      }
    }
  }

  /// Reads definite-length DER elements one after another.
  struct DERReader {
    var bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// The next element's contents if its tag is `tag`.
    mutating func read(tag: UInt8) -> DERReader? {
      guard bytes.count >= 2, bytes.first == tag else { return nil }
      var index = bytes.startIndex + 1
      var length = Int(bytes[index])
      index += 1
      if length & 0x80 != 0 {
        let count = length & 0x7F
        guard count >= 1, count <= 3, bytes.endIndex - index >= count else { return nil }
        length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
        index += count
      }
      guard bytes.endIndex - index >= length else { return nil }
      let contents = bytes[index..<index + length]
      bytes = bytes[(index + length)...]
      return DERReader(contents)
    }
  }
}

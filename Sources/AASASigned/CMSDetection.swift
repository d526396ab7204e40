import SwiftASN1

/// Tells a CMS message from JSON by its first bytes, and takes PEM armour off.
enum CMSDetection {
  static let pemLabels = ["PKCS7", "CMS"]

  /// The DER/BER bytes when `bytes` look like CMS, else nil.
  ///
  /// A DER `SEQUENCE` starts with `0x30` followed by a long-form (`0x81`–`0x84`) or indefinite
  /// (`0x80`) length: a signed message is always longer than 127 bytes. JSON never starts so (`0`
  /// followed by such a byte is not UTF-8 text a JSON file can hold).
  static func derBytes(of bytes: [UInt8]) -> [UInt8]? {
    if bytes.count > 2, bytes[0] == 0x30, (0x80...0x84).contains(bytes[1]) { return bytes }
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let prefix = Array("-----BEGIN ".utf8)
    guard bytes[start...].starts(with: prefix) else { return nil }
    let text = String(decoding: bytes[start...], as: UTF8.self)
    guard pemLabels.contains(where: { text.hasPrefix("-----BEGIN \($0)-----") }) else { return nil }
    guard let document = try? PEMDocument(pemString: text) else {
      // Armour with a broken body: still CMS, and the parser will say what is wrong.
      return [0x30, 0x80]
    }
    return document.derBytes
  }
}

import Foundation

/// base64url without padding (RFC 4648 §5), the encoding of every binary value in ACME: JWS
/// parts, key thumbprints, CSRs and tokens.
public enum Base64URL {
  public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String
  where Bytes.Element == UInt8 {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The bytes of `text`; nil when it holds anything but the base64url alphabet.
  public static func decode(_ text: String) -> [UInt8]? {
    guard text.utf8.allSatisfy(isAlphabet) else { return nil }
    var standard = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map { [UInt8]($0) }
  }

  /// Letters, digits, `-` and `_`: what base64url and ACME tokens are made of.
  static func isAlphabet(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      return true
    default:
      return false
    }
  }
}

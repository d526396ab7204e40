import AASACore

/// Percent-encoding `al_applink_data` for a query (`docs/applinks.md#what-the-app-is-sent`).
public enum QueryEncoding {
  /// Encodes every byte outside `A–Z a–z 0–9 - . _ ~`: what a receiver splitting on `&` and `=`
  /// always reads back whole.
  public static func strict(_ text: String) -> String {
    encode(text) { isUnreserved($0) }
  }

  /// What Bolts and the Facebook SDK for iOS send: `URLQueryAllowedCharacterSet`, which leaves
  /// `& = + ? / : @ ! $ ' ( ) * , ;` raw.
  public static func iosQueryAllowed(_ text: String) -> String {
    encode(text) { byte in
      isUnreserved(byte) || Array("!$&'()*+,;=:@/?".utf8).contains(byte)
    }
  }

  /// Decodes `%XX`; a `%` not followed by two hex digits stays as written. `+` stays `+`.
  public static func decode(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = HexDigit.value(utf8[index + 1]), let low = HexDigit.value(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }

  private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if keep(byte) {
        output.append(byte)
      } else {
        output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}

/// Percent-decoding of a link's segments and query values, as `NSString`'s
/// `stringByRemovingPercentEncoding` and Android's `Uri.decode` do for well-formed input.
///
/// A value whose escapes are malformed (`%G1`, a cut `%4`) or decode to invalid UTF-8 is kept as
/// written: iOS would get nil and Android a replacement character, and neither is a value a route
/// can be written to expect.
enum PercentDecoding {
  static func decode(_ text: Substring) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(hexValue),
        let low = iterator.next().flatMap(hexValue)
      else { return String(text) }
      bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self) ?? String(text)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

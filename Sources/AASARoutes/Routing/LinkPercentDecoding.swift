import AASACore

/// Percent-decoding of a link's segments and query values, as `NSString`'s
/// `stringByRemovingPercentEncoding` and Android's `Uri.decode` do for well-formed input.
///
/// A value whose escapes are malformed (`%G1`, a cut `%4`) or decode to invalid UTF-8 is kept as
/// written: iOS would get nil and Android a replacement character, and neither is a value a route
/// can be written to expect.
enum LinkPercentDecoding {
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
      guard let high = iterator.next().flatMap(HexDigit.value),
        let low = iterator.next().flatMap(HexDigit.value)
      else { return String(text) }
      bytes.append(high << 4 | low)
    }
    return String(validUTF8: bytes) ?? String(text)
  }
}

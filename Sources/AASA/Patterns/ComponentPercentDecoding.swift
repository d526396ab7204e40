import AASACore

/// Percent-decoding of a URL part, for components with `percentEncoded: false`.
///
/// Escapes are decoded to bytes and the bytes read as UTF-8. Anything that does not decode cleanly
/// stays as written: a `%` not followed by two hex digits, and every escaped byte that is not part
/// of a valid UTF-8 sequence (`%FF`, a lone `%C3`, an overlong form or a surrogate). `+` is not a
/// space: URLs are not form bodies.
enum ComponentPercentDecoding {
  /// Decodes `scalars` (the part as written). Returns the input unchanged when it holds no `%`.
  static func decode(_ scalars: [UInt32]) -> [UInt32] {
    guard scalars.contains(UInt32(UInt8(ascii: "%"))) else { return scalars }
    var output: [UInt32] = []
    output.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      guard let first = escapedByte(in: scalars, at: index) else {
        output.append(scalars[index])
        index += 1
        continue
      }
      let length = sequenceLength(leadingByte: first)
      if let value = decodeSequence(in: scalars, at: index, leadingByte: first, length: length) {
        output.append(value)
        index += 3 * length
      } else {
        // Not valid UTF-8: keep this one escape as written and try again after it.
        output.append(contentsOf: scalars[index..<index + 3])
        index += 3
      }
    }
    return output
  }

  /// The byte of the escape `%XX` starting at `index`, if there is a well-formed one.
  private static func escapedByte(in scalars: [UInt32], at index: Int) -> UInt32? {
    guard index + 2 < scalars.count, scalars[index] == UInt32(UInt8(ascii: "%")),
      let high = HexDigit.value(scalars[index + 1]), let low = HexDigit.value(scalars[index + 2])
    else { return nil }
    return high << 4 | low
  }

  /// The length of the UTF-8 sequence a leading byte announces, or 0 if it cannot lead one.
  private static func sequenceLength(leadingByte byte: UInt32) -> Int {
    switch byte {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    case 0xF0...0xF4: return 4
    default: return 0
    }
  }

  /// The scalar encoded by `length` consecutive escapes at `index`, if they are valid UTF-8.
  private static func decodeSequence(
    in scalars: [UInt32], at index: Int, leadingByte: UInt32, length: Int
  ) -> UInt32? {
    guard length > 0 else { return nil }
    if length == 1 { return leadingByte }
    var value = leadingByte & (0xFF >> (length + 1))
    for offset in 1..<length {
      guard let byte = escapedByte(in: scalars, at: index + 3 * offset),
        byte & 0xC0 == 0x80
      else { return nil }
      value = value << 6 | (byte & 0x3F)
    }
    let smallest: [UInt32] = [0, 0, 0x80, 0x800, 0x10000]
    guard value >= smallest[length], value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return nil
    }
    return value
  }
}

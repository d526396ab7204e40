/// The value of one hexadecimal digit, as JSON's `\uXXXX` escapes and URLs' `%XX` escapes write
/// it: either case.
package enum HexDigit {
  @inlinable
  package static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// The value of a digit held as a Unicode scalar value.
  @inlinable
  package static func value(_ scalar: UInt32) -> UInt32? {
    scalar < 0x80 ? value(UInt8(scalar)).map(UInt32.init) : nil
  }
}

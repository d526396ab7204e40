/// Reads integers out of bytes at offsets that come from the bytes themselves, never past the end:
/// every offset a Mach-O file or a code signature names is checked before it is used. (Formats
/// read front to back use `AASAAndroid`'s `ByteCursor`.)
struct OffsetReader {
  let bytes: [UInt8]

  /// Why bytes cannot be read as what they claim to be.
  struct OutOfBounds: Error {}

  func uint32(at offset: Int, bigEndian: Bool) throws(OutOfBounds) -> UInt32 {
    guard offset >= 0, offset <= bytes.count - 4 else { throw OutOfBounds() }
    let b0 = UInt32(bytes[offset])
    let b1 = UInt32(bytes[offset + 1])
    let b2 = UInt32(bytes[offset + 2])
    let b3 = UInt32(bytes[offset + 3])
    return bigEndian
      ? b0 << 24 | b1 << 16 | b2 << 8 | b3
      : b3 << 24 | b2 << 16 | b1 << 8 | b0
  }

  func uint64(at offset: Int, bigEndian: Bool) throws(OutOfBounds) -> UInt64 {
    let first = UInt64(try uint32(at: offset, bigEndian: bigEndian))
    let second = UInt64(try uint32(at: offset + 4, bigEndian: bigEndian))
    return bigEndian ? first << 32 | second : second << 32 | first
  }

  /// `count` bytes from `offset`.
  func slice(at offset: Int, count: Int) throws(OutOfBounds) -> ArraySlice<UInt8> {
    guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
      throw OutOfBounds()
    }
    return bytes[offset..<(offset + count)]
  }
}

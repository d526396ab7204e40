/// A bounded cursor over bytes for the hand-written binary formats read front to back (JKS, the
/// APK Signing Block): every read takes from where the last one stopped and checks what is left,
/// so a hostile length fails cleanly instead of reading past the end. (`AASABuiltApp`'s
/// `OffsetReader` reads at offsets instead, as Mach-O files name them.)
struct ByteCursor {
  struct Truncated: Error {}

  let bytes: ArraySlice<UInt8>
  private(set) var offset: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    offset = bytes.startIndex
  }

  var remaining: Int { bytes.endIndex - offset }
  var isAtEnd: Bool { offset >= bytes.endIndex }

  mutating func take(_ count: Int) throws(Truncated) -> ArraySlice<UInt8> {
    guard count >= 0, count <= remaining else { throw Truncated() }
    defer { offset += count }
    return bytes[offset..<offset + count]
  }

  mutating func bigEndian(_ width: Int) throws(Truncated) -> UInt64 {
    try take(width).reduce(0) { $0 << 8 | UInt64($1) }
  }

  mutating func littleEndian(_ width: Int) throws(Truncated) -> UInt64 {
    try take(width).reversed().reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// A little-endian `UInt32` length, then that many bytes: the APK Signing Block's unit.
  mutating func lengthPrefixed() throws(Truncated) -> ArraySlice<UInt8> {
    let length = try littleEndian(4)
    guard length <= UInt64(remaining) else { throw Truncated() }
    return try take(Int(length))
  }
}

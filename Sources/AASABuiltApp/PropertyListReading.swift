import Foundation

/// Foundation's property-list reader, behind a check for what it cannot take. On Linux,
/// swift-corelibs-foundation crashes (a null pointer, bridging an `NSSet` to `Set<AnyHashable>`)
/// on a binary property list that holds a set with an element: 53 bytes, `{"k": {"a"}}`, stop the
/// process, and no Swift code can catch that. XML property lists have no sets, and Apple's tools
/// write none into entitlements, profiles or `Info.plist`, so a binary list holding a set is
/// refused before Foundation sees it, on every platform alike.
package enum PropertyListReading {
  /// The bytes are not a property list this reader takes; `reason` completes "it is".
  package struct Unreadable: Error, Sendable {
    package var reason: String
  }

  /// The property list's root object (XML, binary or old-style).
  package static func read(_ bytes: [UInt8]) throws(Unreadable) -> Any {
    if binaryListHoldsASet(bytes) {
      throw Unreadable(
        reason: "a binary property list holding a set, which entitlements and profiles never hold")
    }
    do {
      return try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
    } catch {
      throw Unreadable(reason: "not a property list (XML or binary)")
    }
  }

  /// Whether `bytes` are a binary property list one of whose objects is a set (marker `0xCn`).
  /// Every object Foundation reads is reached through the offset table, so the table's entries
  /// are all that is looked at: the trailer's last 32 bytes say where it is. Every read is
  /// checked against the input, and a trailer that does not fit is left to Foundation, which
  /// refuses it; the table has at most one entry per byte, so this is linear.
  package static func binaryListHoldsASet(_ bytes: [UInt8]) -> Bool {
    let trailerSize = 32
    guard bytes.starts(with: Array("bplist".utf8)), bytes.count >= 8 + trailerSize else {
      return false
    }
    let trailer = bytes.count - trailerSize
    let offsetSize = Int(bytes[trailer + 6])
    guard (1...8).contains(offsetSize),
      let objects = bigEndian(bytes, at: trailer + 8, size: 8),
      let table = bigEndian(bytes, at: trailer + 24, size: 8),
      table <= trailer, objects <= (trailer - table) / offsetSize
    else { return false }
    for index in 0..<objects {
      guard let offset = bigEndian(bytes, at: table + index * offsetSize, size: offsetSize),
        offset < trailer
      else { continue }
      if bytes[offset] & 0xF0 == 0xC0 { return true }
    }
    return false
  }

  /// The unsigned big-endian integer of `size` bytes at `start`, when it fits in an `Int`.
  private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
    var value: UInt64 = 0
    for byte in bytes[start..<(start + size)] { value = value << 8 | UInt64(byte) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }
}

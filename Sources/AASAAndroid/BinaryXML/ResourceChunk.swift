/// A binary resource file that cannot be read (Android's binary XML or `resources.arsc`), said
/// in words: what is wrong and at which byte.
public struct BinaryResourceError: Error, Sendable, Equatable, CustomStringConvertible {
  public let description: String

  init(_ description: String) { self.description = description }

  static func truncated(_ what: String, at offset: Int) -> BinaryResourceError {
    BinaryResourceError("\(what) at byte \(offset) runs past the end of its data")
  }
}

/// Little-endian reads at offsets into the whole file, every one checked against the end: the
/// compiled resource formats name their parts by offsets and sizes, so a hostile one fails
/// cleanly instead of reading past the end.
struct LittleEndianBytes {
  let bytes: [UInt8]

  func u8(_ offset: Int) throws(BinaryResourceError) -> UInt32 {
    guard offset >= 0, offset < bytes.count else { throw .truncated("a byte", at: offset) }
    return UInt32(bytes[offset])
  }

  func u16(_ offset: Int) throws(BinaryResourceError) -> UInt32 {
    guard offset >= 0, offset <= bytes.count - 2 else { throw .truncated("a value", at: offset) }
    return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
  }

  func u32(_ offset: Int) throws(BinaryResourceError) -> UInt32 {
    guard offset >= 0, offset <= bytes.count - 4 else { throw .truncated("a value", at: offset) }
    return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
      | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
  }
}

/// One chunk of a compiled resource file (`ResChunk_header`: type, header size, size): where it
/// starts, where its header ends and where it ends, each checked to lie inside its parent.
struct ResourceChunk {
  static let stringPool: UInt32 = 0x0001
  static let table: UInt32 = 0x0002
  static let xml: UInt32 = 0x0003
  static let xmlStartNamespace: UInt32 = 0x0100
  static let xmlEndNamespace: UInt32 = 0x0101
  static let xmlStartElement: UInt32 = 0x0102
  static let xmlEndElement: UInt32 = 0x0103
  static let xmlResourceMap: UInt32 = 0x0180
  static let tablePackage: UInt32 = 0x0200
  static let tableType: UInt32 = 0x0201

  let type: UInt32
  let start: Int
  let headerEnd: Int
  let end: Int
  var headerSize: Int { headerEnd - start }

  /// The chunk at `offset`, which must end by `limit`.
  init(in data: LittleEndianBytes, at offset: Int, limit: Int) throws(BinaryResourceError) {
    guard offset >= 0, limit <= data.bytes.count, offset <= limit - 8 else {
      throw .truncated("a chunk header", at: offset)
    }
    type = try data.u16(offset)
    let headerSize = Int(try data.u16(offset + 2))
    let size = Int(try data.u32(offset + 4))
    guard headerSize >= 8, headerSize <= size else {
      throw BinaryResourceError(
        "the chunk at byte \(offset) has a header of \(headerSize) bytes in a size of \(size)")
    }
    guard size <= limit - offset else { throw .truncated("the chunk", at: offset) }
    start = offset
    headerEnd = offset + headerSize
    end = offset + size
  }

  /// The chunks inside this one, after its header, in order: at most one per 8 bytes, so the
  /// walk is bounded by the size.
  func children(in data: LittleEndianBytes) throws(BinaryResourceError) -> [ResourceChunk] {
    var chunks: [ResourceChunk] = []
    var offset = headerEnd
    while offset <= end - 8 {
      let chunk = try ResourceChunk(in: data, at: offset, limit: end)
      chunks.append(chunk)
      offset = chunk.end
    }
    return chunks
  }
}

/// A string pool (`ResStringPool_header`): strings in UTF-8 or UTF-16, read when asked for, so a
/// table of a hundred thousand strings costs only the ones a manifest names.
struct ResourceStringPool {
  static let utf8Flag: UInt32 = 0x100

  private let data: LittleEndianBytes
  let count: Int
  private let offsetsStart: Int
  private let stringsStart: Int
  private let end: Int
  private let isUTF8: Bool

  init(in data: LittleEndianBytes, chunk: ResourceChunk) throws(BinaryResourceError) {
    guard chunk.type == ResourceChunk.stringPool, chunk.headerSize >= 28 else {
      throw BinaryResourceError("the string pool at byte \(chunk.start) has no valid header")
    }
    self.data = data
    let count = Int(try data.u32(chunk.start + 8))
    let flags = try data.u32(chunk.start + 16)
    let stringsOffset = Int(try data.u32(chunk.start + 20))
    // Each string has a 4-byte offset inside the chunk: a count the chunk cannot hold is a lie.
    guard count <= (chunk.end - chunk.headerEnd) / 4 else {
      throw BinaryResourceError(
        "the string pool at byte \(chunk.start) claims \(count) strings, more than it can hold")
    }
    guard
      count == 0 || (stringsOffset >= chunk.headerSize && stringsOffset <= chunk.end - chunk.start)
    else {
      throw BinaryResourceError(
        "the string pool at byte \(chunk.start) puts its strings outside itself")
    }
    self.count = count
    offsetsStart = chunk.headerEnd
    stringsStart = chunk.start + stringsOffset
    end = chunk.end
    isUTF8 = flags & Self.utf8Flag != 0
  }

  /// The string at `index`; nil for `0xFFFFFFFF` (none).
  func string(_ index: UInt32) throws(BinaryResourceError) -> String? {
    if index == 0xFFFF_FFFF { return nil }
    guard Int(index) < count else {
      throw BinaryResourceError("string \(index) is named, but the pool holds \(count)")
    }
    let start = stringsStart + Int(try data.u32(offsetsStart + 4 * Int(index)))
    guard start < end else { throw .truncated("string \(index)", at: start) }
    return isUTF8 ? try utf8(at: start) : try utf16(at: start)
  }

  /// `u16len` (one or two bytes, which aapt writes but nothing reads), `u8len` likewise, then
  /// the bytes.
  private func utf8(at start: Int) throws(BinaryResourceError) -> String {
    var offset = start
    func length() throws(BinaryResourceError) -> Int {
      let first = try data.u8(offset)
      offset += 1
      guard first & 0x80 != 0 else { return Int(first) }
      let second = try data.u8(offset)
      offset += 1
      return Int(first & 0x7F) << 8 | Int(second)
    }
    _ = try length()
    let count = try length()
    guard count <= end - offset else { throw .truncated("a string", at: start) }
    return String(decoding: data.bytes[offset..<offset + count], as: UTF8.self)
  }

  /// A length in one or two 16-bit units, then that many UTF-16 units.
  private func utf16(at start: Int) throws(BinaryResourceError) -> String {
    var offset = start
    var count = Int(try data.u16(offset))
    offset += 2
    if count & 0x8000 != 0 {
      count = (count & 0x7FFF) << 16 | Int(try data.u16(offset))
      offset += 2
    }
    guard count <= (end - offset) / 2 else { throw .truncated("a string", at: start) }
    var units: [UInt16] = []
    units.reserveCapacity(count)
    for unit in 0..<count { units.append(UInt16(try data.u16(offset + 2 * unit))) }
    return String(decoding: units, as: UTF16.self)
  }
}

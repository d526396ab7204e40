/// An APK's `resources.arsc`, read as far as a manifest's references need: each package's type
/// and key names, and where each type's entries are for each configuration. An ID is resolved
/// to its value in the default configuration, or in the first configuration that has it, as
/// Android resolves a manifest's values on a device without a matching qualifier.
///
/// Entries are found when asked for (binary search in sparse types), within a budget of probes,
/// so a hostile table with millions of configurations costs a bounded amount of work.
public struct ResourceTable {
  /// The most type chunks kept per type: real apps have a few hundred configurations.
  static let maximumConfigurations = 4096
  /// The most entries looked at over all lookups.
  static let probeBudget = 1_000_000
  /// References followed from one value to another before giving up (a cycle).
  static let maximumReferenceHops = 8

  /// A resolved reference: `string/shop_host` and its value, when it has a simple one.
  public struct Resolved: Equatable, Sendable {
    /// `string`, `bool`, …
    public var type: String
    public var name: String
    /// The value as a source file would write it; nil for a complex (bag) value or none.
    public var value: String?
    /// `string/shop_host`, the key a source manifest's `@string/shop_host` resolves by.
    public var key: String { "\(type)/\(name)" }
  }

  private struct TypeChunk {
    var start: Int
    var flags: UInt32
    var entryCount: Int
    var offsetsStart: Int
    var entriesStart: Int
    var end: Int
    var isDefault: Bool
  }

  private struct Package {
    var typeNames: ResourceStringPool?
    var keyNames: ResourceStringPool?
    var typeIDOffset: Int
    /// Type chunks by type ID, the default configuration's first.
    var types: [UInt32: [TypeChunk]] = [:]
  }

  private let data: LittleEndianBytes
  private let values: ResourceStringPool
  private var packages: [UInt32: Package] = [:]

  public init(_ bytes: [UInt8]) throws(BinaryResourceError) {
    data = LittleEndianBytes(bytes: bytes)
    guard bytes.count >= 8, try data.u16(0) == ResourceChunk.table else {
      throw BinaryResourceError("resources.arsc does not start with a resource table chunk")
    }
    let root = try ResourceChunk(in: data, at: 0, limit: bytes.count)
    guard root.headerSize >= 12 else {
      throw BinaryResourceError("resources.arsc does not start with a resource table chunk")
    }
    var pool: ResourceStringPool?
    for chunk in try root.children(in: data) {
      switch chunk.type {
      case ResourceChunk.stringPool where pool == nil:
        pool = try ResourceStringPool(in: data, chunk: chunk)
      case ResourceChunk.tablePackage:
        let (id, package) = try Self.package(chunk, data: data)
        if packages[id] == nil, packages.count < 256 { packages[id] = package }
      default: break
      }
    }
    guard let pool else { throw BinaryResourceError("resources.arsc has no value string pool") }
    values = pool
  }

  private static func package(_ chunk: ResourceChunk, data: LittleEndianBytes)
    throws(BinaryResourceError) -> (UInt32, Package)
  {
    // id, name[128] (UTF-16), typeStrings, lastPublicType, keyStrings, lastPublicKey: 284 bytes.
    guard chunk.headerSize >= 284 else { throw .truncated("a package header", at: chunk.start) }
    let id = try data.u32(chunk.start + 8)
    let typeStrings = chunk.start + Int(try data.u32(chunk.start + 268))
    let keyStrings = chunk.start + Int(try data.u32(chunk.start + 276))
    let typeIDOffset = chunk.headerSize >= 288 ? Int(try data.u32(chunk.start + 284)) : 0
    var package = Package(typeIDOffset: typeIDOffset)
    for child in try chunk.children(in: data) {
      switch child.type {
      case ResourceChunk.stringPool where child.start == typeStrings:
        package.typeNames = try ResourceStringPool(in: data, chunk: child)
      case ResourceChunk.stringPool where child.start == keyStrings:
        package.keyNames = try ResourceStringPool(in: data, chunk: child)
      case ResourceChunk.tableType:
        guard let type = try Self.typeChunk(child, data: data) else { continue }
        var chunks = package.types[type.id, default: []]
        guard chunks.count < maximumConfigurations else { continue }
        if type.chunk.isDefault, !chunks.contains(where: \.isDefault) {
          chunks.insert(type.chunk, at: 0)
        } else {
          chunks.append(type.chunk)
        }
        package.types[type.id] = chunks
      default: break
      }
    }
    return (id, package)
  }

  /// `ResTable_type`: id, flags, reserved, entryCount, entriesStart, then the configuration
  /// (`ResTable_config`, whose first field is its own size). Default means every field zero.
  private static func typeChunk(_ chunk: ResourceChunk, data: LittleEndianBytes)
    throws(BinaryResourceError) -> (id: UInt32, chunk: TypeChunk)?
  {
    guard chunk.headerSize >= 24 else { throw .truncated("a type header", at: chunk.start) }
    let id = try data.u8(chunk.start + 8)
    let flags = try data.u8(chunk.start + 9)
    let entryCount = Int(try data.u32(chunk.start + 12))
    let entriesStart = Int(try data.u32(chunk.start + 16))
    let configSize = Int(try data.u32(chunk.start + 20))
    guard configSize >= 4, configSize <= chunk.headerSize - 20 else {
      throw BinaryResourceError(
        "the type at byte \(chunk.start) has a configuration of \(configSize) bytes")
    }
    let config = chunk.start + 24..<chunk.start + 20 + configSize
    let isDefault = data.bytes[config].allSatisfy { $0 == 0 }
    let offsetWidth = flags & 0x03 != 0 ? 2 : 4
    guard id != 0, entryCount <= (chunk.end - chunk.headerEnd) / offsetWidth,
      entriesStart <= chunk.end - chunk.start
    else {
      throw BinaryResourceError(
        "the type at byte \(chunk.start) claims \(entryCount) entries its chunk does not hold")
    }
    return (
      id,
      TypeChunk(
        start: chunk.start, flags: flags, entryCount: entryCount, offsetsStart: chunk.headerEnd,
        entriesStart: chunk.start + entriesStart, end: chunk.end, isDefault: isDefault)
    )
  }

  /// Resolves resource IDs with one budget of probes, remembering what it found.
  public struct Resolver {
    let table: ResourceTable
    private var probes = 0
    private var cache: [UInt32: Resolved?] = [:]

    init(_ table: ResourceTable) { self.table = table }

    /// The name and value of `id` (`0x7f020001`), following references to other resources;
    /// nil when the table does not have it (or the budget is spent).
    public mutating func resolve(_ id: UInt32) -> Resolved? {
      if let known = cache[id] { return known }
      var resolved = entry(id)
      var hops = 0
      while let value = resolved?.value, value.isReference,
        hops < ResourceTable.maximumReferenceHops
      {
        hops += 1
        resolved?.value = entry(value.data)?.value
      }
      let answer = resolved.map { found in
        Resolved(
          type: found.type, name: found.name,
          value: found.value.flatMap { value in
            value.isReference ? nil : (try? table.written(value))
          })
      }
      cache[id] = answer
      return answer
    }

    private mutating func entry(_ id: UInt32) -> (type: String, name: String, value: TypedValue?)? {
      guard let package = table.packages[id >> 24] else { return nil }
      let typeID = (id >> 16) & 0xFF
      let entryIndex = Int(id & 0xFFFF)
      guard let chunks = package.types[typeID] else { return nil }
      // Type IDs count from 1, after the package's offset (a shared library's).
      let typeIndex = Int(typeID) - 1 - package.typeIDOffset
      let typeName =
        typeIndex >= 0 ? (try? package.typeNames?.string(UInt32(typeIndex))) ?? nil : nil
      for chunk in chunks {
        probes += 1
        guard probes <= ResourceTable.probeBudget else { return nil }
        guard let found = try? table.entry(entryIndex, in: chunk, probes: &probes) else { continue }
        let name = (try? package.keyNames?.string(found.key)) ?? nil
        return (typeName ?? "type\(typeID)", name ?? "0x" + String(id, radix: 16), found.value)
      }
      return nil
    }
  }

  public func resolver() -> Resolver { Resolver(self) }

  /// A simple value as a source file writes it.
  func written(_ value: TypedValue) throws(BinaryResourceError) -> String {
    value.type == TypedValue.string ? try values.string(value.data) ?? "" : value.written
  }

  /// The key index and simple value (nil for a bag) of entry `index` in a type chunk, or nil
  /// when the chunk has none.
  private func entry(_ index: Int, in chunk: TypeChunk, probes: inout Int)
    throws(BinaryResourceError) -> (key: UInt32, value: TypedValue?)?
  {
    let offset: Int
    if chunk.flags & 0x01 != 0 {
      // Sparse: (index, offset / 4) pairs of 16 bits, sorted by index.
      var low = 0
      var high = chunk.entryCount
      var found: Int?
      while low < high {
        probes += 1
        let middle = (low + high) / 2
        let at = chunk.offsetsStart + 4 * middle
        let candidate = Int(try data.u16(at))
        if candidate == index {
          found = Int(try data.u16(at + 2)) * 4
          break
        }
        if candidate < index { low = middle + 1 } else { high = middle }
      }
      guard let found else { return nil }
      offset = found
    } else if chunk.flags & 0x02 != 0 {
      guard index < chunk.entryCount else { return nil }
      let value = try data.u16(chunk.offsetsStart + 2 * index)
      guard value != 0xFFFF else { return nil }
      offset = Int(value) * 4
    } else {
      guard index < chunk.entryCount else { return nil }
      let value = try data.u32(chunk.offsetsStart + 4 * index)
      guard value != 0xFFFF_FFFF else { return nil }
      offset = Int(value)
    }
    let entry = chunk.entriesStart + offset
    guard entry <= chunk.end - 8 else { throw .truncated("an entry", at: entry) }
    let size = Int(try data.u16(entry))
    let flags = try data.u16(entry + 2)
    if flags & 0x0008 != 0 {
      // Compact: the key in the size field, the value's type in the flags' high byte.
      return (UInt32(size), TypedValue(type: flags >> 8, data: try data.u32(entry + 4)))
    }
    let key = try data.u32(entry + 4)
    if flags & 0x0001 != 0 { return (key, nil) }
    let value = entry + size
    guard size >= 8, value <= chunk.end - 8 else { throw .truncated("a value", at: entry) }
    return (key, TypedValue(type: try data.u8(value + 3), data: try data.u32(value + 4)))
  }
}

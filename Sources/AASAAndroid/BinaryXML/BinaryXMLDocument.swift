/// Android's compiled XML (`AndroidManifest.xml` inside an APK, "AXML"), read front to back
/// into its elements: names, namespaces, typed attribute values and the source line each start
/// tag had. Every length and offset is checked before use and the elements are counted, so a
/// hostile file fails in words, in time proportional to its size.
struct BinaryXMLDocument {
  static let maximumElements = 200_000
  static let maximumDepth = 256

  struct Attribute {
    /// The namespace URI, nil for none (`package`).
    var namespace: String?
    var name: String
    /// The attribute's resource ID from the resource map (`0x01010028` for `android:host`).
    var resourceID: UInt32?
    /// The string as written, when aapt kept it.
    var raw: String?
    var value: TypedValue
  }

  enum Event {
    case start(namespace: String?, name: String, line: Int, attributes: [Attribute])
    case end
  }

  /// Namespace URIs with the prefix the file declared for each, in order of declaration.
  private(set) var namespaces: [(prefix: String, uri: String)] = []
  private(set) var events: [Event] = []
  /// The string pool, for the values of string-typed attributes.
  let strings: ResourceStringPool

  /// `android:` attribute names by resource ID, for files whose pool has an empty name (an
  /// obfuscated or stripped build keeps only the resource map).
  static let androidAttributeNames: [UInt32: String] = [
    0x0101_0003: "name", 0x0101_0010: "exported", 0x0101_0026: "mimeType",
    0x0101_0027: "scheme", 0x0101_0028: "host", 0x0101_0029: "port", 0x0101_002A: "path",
    0x0101_002B: "pathPrefix", 0x0101_002C: "pathPattern", 0x0101_0202: "targetActivity",
    0x0101_04EE: "autoVerify", 0x0101_0002: "icon", 0x0101_0001: "label",
    0x0101_0025: "resource", 0x0101_0024: "value",
  ]

  init(_ bytes: [UInt8]) throws(BinaryResourceError) {
    let data = LittleEndianBytes(bytes: bytes)
    guard bytes.count >= 8 else {
      throw BinaryResourceError("the file is \(bytes.count) bytes, too short for binary XML")
    }
    guard try data.u16(0) == ResourceChunk.xml else {
      throw BinaryResourceError("the file does not start with a binary XML chunk")
    }
    let root = try ResourceChunk(in: data, at: 0, limit: bytes.count)
    let children = try root.children(in: data)
    guard let poolChunk = children.first(where: { $0.type == ResourceChunk.stringPool }) else {
      throw BinaryResourceError("the binary XML has no string pool")
    }
    strings = try ResourceStringPool(in: data, chunk: poolChunk)
    var resourceMap: [UInt32] = []
    var depth = 0
    var elements = 0
    for chunk in children {
      switch chunk.type {
      case ResourceChunk.xmlResourceMap:
        let count = (chunk.end - chunk.headerEnd) / 4
        resourceMap = []
        resourceMap.reserveCapacity(count)
        for index in 0..<count { resourceMap.append(try data.u32(chunk.headerEnd + 4 * index)) }
      case ResourceChunk.xmlStartNamespace:
        let node = try Self.node(chunk, extensionSize: 8)
        let prefix = try strings.string(data.u32(node)) ?? ""
        if let uri = try strings.string(data.u32(node + 4)), namespaces.count < 64,
          !namespaces.contains(where: { $0.uri == uri })
        {
          namespaces.append((prefix, uri))
        }
      case ResourceChunk.xmlStartElement:
        elements += 1
        depth += 1
        guard elements <= Self.maximumElements else {
          throw BinaryResourceError(
            "the binary XML has over \(Self.maximumElements) elements; a manifest has fewer")
        }
        guard depth <= Self.maximumDepth else {
          throw BinaryResourceError(
            "the binary XML nests elements over \(Self.maximumDepth) deep (line \(try data.u32(chunk.start + 8)))"
          )
        }
        events.append(try startElement(chunk, data: data, resourceMap: resourceMap))
      case ResourceChunk.xmlEndElement:
        guard depth > 0 else {
          throw BinaryResourceError("the element that ends at byte \(chunk.start) never started")
        }
        depth -= 1
        events.append(.end)
      default:
        // End of namespace, CDATA (text, which a manifest's meaning never holds), or a chunk of a
        // newer build: skipped by its size.
        break
      }
    }
    guard elements > 0 else { throw BinaryResourceError("the binary XML has no element") }
    guard depth == 0 else { throw BinaryResourceError("the binary XML ends inside an element") }
  }

  /// Where a tree node's extension starts (`ResXMLTree_node`: the header, line number and
  /// comment), checked to hold `extensionSize` bytes.
  private static func node(_ chunk: ResourceChunk, extensionSize: Int)
    throws(BinaryResourceError) -> Int
  {
    guard chunk.headerSize >= 16, chunk.end - chunk.headerEnd >= extensionSize else {
      throw .truncated("an XML node", at: chunk.start)
    }
    return chunk.headerEnd
  }

  private func startElement(
    _ chunk: ResourceChunk, data: LittleEndianBytes, resourceMap: [UInt32]
  ) throws(BinaryResourceError) -> Event {
    let node = try Self.node(chunk, extensionSize: 20)
    let line = Int(try data.u32(chunk.start + 8))
    let namespace = try strings.string(data.u32(node))
    let name = try strings.string(data.u32(node + 4)) ?? ""
    let attributeStart = Int(try data.u16(node + 8))
    let attributeSize = Int(try data.u16(node + 10))
    let attributeCount = Int(try data.u16(node + 12))
    let first = node + attributeStart
    guard attributeCount == 0 || attributeSize >= 20,
      attributeCount <= (chunk.end - first) / max(attributeSize, 1), first <= chunk.end
    else {
      throw BinaryResourceError(
        "<\(name)> at byte \(chunk.start) claims \(attributeCount) attributes its chunk does not hold"
      )
    }
    var attributes: [Attribute] = []
    for index in 0..<attributeCount {
      let at = first + index * attributeSize
      let nameIndex = try data.u32(at + 4)
      let resourceID = Int(nameIndex) < resourceMap.count ? resourceMap[Int(nameIndex)] : nil
      var attributeName = try strings.string(nameIndex) ?? ""
      if attributeName.isEmpty, let resourceID, let known = Self.androidAttributeNames[resourceID] {
        attributeName = known
      }
      attributes.append(
        Attribute(
          namespace: try strings.string(data.u32(at)), name: attributeName,
          resourceID: resourceID, raw: try strings.string(data.u32(at + 8)),
          value: TypedValue(type: try data.u8(at + 15), data: try data.u32(at + 16))))
    }
    return .start(
      namespace: namespace, name: name, line: min(line, Int(Int32.max)), attributes: attributes)
  }
}

/// Writes Android binary XML by hand, for the shapes no build tool makes: a hostile count, a
/// nesting too deep, a line number of four billion, a UTF-8 or UTF-16 pool on demand.
struct BinaryXMLBuilder {
  var strings: [String] = []
  var utf8 = false
  var body: [UInt8] = []

  mutating func index(_ string: String) -> UInt32 {
    if let found = strings.firstIndex(of: string) { return UInt32(found) }
    strings.append(string)
    return UInt32(strings.count - 1)
  }

  static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
  static func u32(_ value: UInt32) -> [UInt8] {
    [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
  }

  static func chunk(_ type: Int, header: [UInt8], body: [UInt8]) -> [UInt8] {
    u16(type) + u16(8 + header.count) + u32(UInt32(8 + header.count + body.count)) + header + body
  }

  static let android = "http://schemas.android.com/apk/res/android"

  mutating func namespace(prefix: String, uri: String) {
    let ext = Self.u32(index(prefix)) + Self.u32(index(uri))
    body += Self.chunk(0x0100, header: Self.u32(1) + Self.u32(0xFFFF_FFFF), body: ext)
  }

  /// `<name attributes…>`: string attributes in the android namespace, as (name, value).
  mutating func start(_ name: String, line: UInt32 = 1, _ attributes: [(String, String)] = []) {
    var ext =
      Self.u32(0xFFFF_FFFF) + Self.u32(index(name)) + Self.u16(20) + Self.u16(20)
      + Self.u16(attributes.count) + Self.u16(0) + Self.u16(0) + Self.u16(0)
    for (attribute, value) in attributes {
      let namespace = attribute == "package" ? 0xFFFF_FFFF : index(Self.android)
      let valueIndex = index(value)
      ext +=
        Self.u32(namespace) + Self.u32(index(attribute)) + Self.u32(valueIndex) + Self.u16(8)
        + [0, 0x03] + Self.u32(valueIndex)
    }
    body += Self.chunk(0x0102, header: Self.u32(line) + Self.u32(0xFFFF_FFFF), body: ext)
  }

  mutating func end(_ name: String) {
    let ext = Self.u32(0xFFFF_FFFF) + Self.u32(index(name))
    body += Self.chunk(0x0103, header: Self.u32(1) + Self.u32(0xFFFF_FFFF), body: ext)
  }

  var pool: [UInt8] {
    var offsets: [UInt8] = []
    var data: [UInt8] = []
    for string in strings {
      offsets += Self.u32(UInt32(data.count))
      if utf8 {
        let bytes = Array(string.utf8)
        precondition(bytes.count < 0x80)
        data += [UInt8(string.utf16.count), UInt8(bytes.count)] + bytes + [0]
      } else {
        let units = Array(string.utf16)
        data += Self.u16(units.count) + units.flatMap { Self.u16(Int($0)) } + [0, 0]
      }
    }
    while data.count % 4 != 0 { data.append(0) }
    let header =
      Self.u32(UInt32(strings.count)) + Self.u32(0) + Self.u32(utf8 ? 0x100 : 0)
      + Self.u32(UInt32(28 + offsets.count)) + Self.u32(0)
    return Self.chunk(0x0001, header: header, body: offsets + data)
  }

  /// The file: the XML chunk around the pool and the body.
  var bytes: [UInt8] { Self.chunk(0x0003, header: [], body: pool + body) }
}

/// An attribute's or a resource's value as compiled (`Res_value`): its type and 32 bits.
struct TypedValue: Hashable, Sendable {
  static let reference: UInt32 = 0x01
  static let attribute: UInt32 = 0x02
  static let string: UInt32 = 0x03
  static let float: UInt32 = 0x04
  static let dynamicReference: UInt32 = 0x07
  static let decimal: UInt32 = 0x10
  static let hexadecimal: UInt32 = 0x11
  static let boolean: UInt32 = 0x12
  static let firstColor: UInt32 = 0x1C
  static let lastColor: UInt32 = 0x1F

  let type: UInt32
  let data: UInt32

  var isReference: Bool { type == Self.reference || type == Self.dynamicReference }

  /// The value as a source manifest writes it, for every type but strings and references
  /// (which need a string pool or a resource table): `true`, `29`, `0x1d`, `#ff00ff00`.
  var written: String {
    switch type {
    case Self.boolean: data != 0 ? "true" : "false"
    case Self.decimal: String(Int32(bitPattern: data))
    case Self.hexadecimal: "0x" + String(data, radix: 16)
    case Self.float: String(Float(bitPattern: data))
    case Self.firstColor...Self.lastColor: "#" + String(data, radix: 16)
    case Self.attribute: "?0x" + String(data, radix: 16)
    default: "(type 0x\(String(type, radix: 16)))0x\(String(data, radix: 16))"
    }
  }
}

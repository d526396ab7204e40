/// The request's query, as it is passed on to `web`: the only part of a request that reaches a
/// destination, so it is rewritten into a form that cannot change which URL it is appended to.
///
/// What is kept is RFC 3986's query characters (unreserved, sub-delims, `:`, `@`, `/`, `?`) and
/// well-formed `%XX` escapes; every other byte is percent-encoded (a request target has no
/// fragment; what follows a `#` is dropped). Appended after `?` (or `&` when the
/// destination has a query), such a string can only be more query: it cannot end the query,
/// start a fragment, or touch the scheme, host or path before it.
public enum LinkQuery {
  /// The query of a request target (`/p/1?a=b` gives `a=b`), made safe; nil when there is none
  /// or it is empty.
  public static func of(target: String) -> String? {
    let bytes = Array(target.utf8)
    // A fragment is the client's alone: what follows `#` never reaches a destination.
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    guard let mark = bytes[..<end].firstIndex(of: UInt8(ascii: "?")), mark + 1 < end else {
      return nil
    }
    return sanitized(Array(bytes[(mark + 1)..<end]))
  }

  /// A decoded request path written back percent-encoded, for links on the link domain: only
  /// unreserved characters, sub-delims, `:`, `@` and `/` are left as they are.
  public static func encodedPath(_ path: String) -> String {
    var output: [UInt8] = []
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
      if isKept(byte) && byte != UInt8(ascii: "?") {
        output.append(byte)
      } else {
        output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func sanitized(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]),
        isHex(bytes[index + 2])
      {
        output.append(contentsOf: bytes[index...(index + 2)])
        index += 3
        continue
      }
      if isKept(byte) {
        output.append(byte)
      } else {
        let hex = Array("0123456789ABCDEF".utf8)
        output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      }
      index += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends `query` to `destination`: before its fragment, after `?` or `&`.
  public static func append(_ query: String?, to destination: String) -> String {
    guard let query, !query.isEmpty else { return destination }
    let hash = destination.firstIndex(of: "#") ?? destination.endIndex
    let base = destination[..<hash]
    let fragment = destination[hash...]
    let separator =
      base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
    return base + separator + query + fragment
  }

  private static func isKept(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-._~!$&()*+,;=:@/?".utf8.contains(byte)
    }
  }

  private static func isHex(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}

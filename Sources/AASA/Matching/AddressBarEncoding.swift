import AASACore

/// What a browser sends for a URL a person typed or pasted: the WHATWG URL Standard's
/// percent-encoding of the path, query and fragment (UTF-8, upper-case hex), and the host in its
/// ASCII (IDNA) form.
///
/// People write `/café/x` or `/my shop/x`; Safari sends `/caf%C3%A9/x` and `/my%20shop/x`, and
/// Apple matches what is sent. Encoding the input first makes both spellings route alike and
/// makes the routing agree with the lint (which warns that `/café/*` never matches an encoded
/// path). `%` is left as it is, so an already encoded URL is unchanged.
public enum AddressBarEncoding {
  /// The URL as a browser would send it; `text` itself when nothing needs encoding, which is the
  /// common case and costs one pass over its bytes.
  public static func encode(_ text: String) -> String {
    // Bulk routing calls this per URL: one branch-free pass over contiguous bytes, which the
    // compiler vectorizes. (A lookup table was slower: reading a global array counts a reference
    // to it, an atomic write that every routing core makes to the same cache line.)
    var contiguous = text
    guard !contiguous.withUTF8(sendsUnchanged) else { return text }
    // The URL Standard drops leading and trailing C0 controls and spaces, and every tab and line
    // break, before parsing. Trimmed as a slice: removing from the front one byte at a time is
    // quadratic in a hostile run of spaces.
    let utf8 = Array(text.utf8)
    let first = utf8.firstIndex { $0 > 0x20 } ?? utf8.endIndex
    let last = utf8.lastIndex { $0 > 0x20 }.map { $0 + 1 } ?? first
    var bytes = Array(utf8[first..<max(first, last)])
    bytes.removeAll { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }

    let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    let mark = bytes[..<hash].firstIndex(of: UInt8(ascii: "?")) ?? hash
    var pathStart = 0
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count * 3)
    if let authority = authorityRange(bytes[..<mark]) {
      output += bytes[..<authority.lowerBound]
      output += asciiAuthority(bytes[authority])
      pathStart = authority.upperBound
    }
    for byte in bytes[pathStart..<mark] { append(byte, to: &output, ifIn: isInPathSet) }
    if mark < hash {
      output.append(UInt8(ascii: "?"))
      for byte in bytes[(mark + 1)..<hash] { append(byte, to: &output, ifIn: isInQuerySet) }
    }
    if hash < bytes.count {
      output.append(UInt8(ascii: "#"))
      for byte in bytes[(hash + 1)...] { append(byte, to: &output, ifIn: isInFragmentSet) }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether a browser sends `utf8` as it is: no byte needs attention (non-ASCII, controls, space
  /// and the characters some set encodes), so ``encode(_:)`` returns its text unchanged. One
  /// branch-free pass.
  static func sendsUnchanged(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
    var attention: UInt8 = 0
    for byte in utf8 { attention |= attentionBit(byte) }
    return attention == 0
  }

  /// 1 when a byte may need work (non-ASCII, controls, space and the characters some set
  /// encodes), else 0: every comparison is made, with no branch per byte.
  @inline(__always)
  private static func attentionBit(_ byte: UInt8) -> UInt8 {
    var bit: UInt8 = byte <= 0x20 ? 1 : 0
    bit |= byte >= 0x7F ? 1 : 0
    bit |= byte == UInt8(ascii: "\"") ? 1 : 0
    bit |= byte == UInt8(ascii: "<") ? 1 : 0
    bit |= byte == UInt8(ascii: ">") ? 1 : 0
    bit |= byte == UInt8(ascii: "`") ? 1 : 0
    bit |= byte == UInt8(ascii: "{") ? 1 : 0
    bit |= byte == UInt8(ascii: "}") ? 1 : 0
    bit |= byte == UInt8(ascii: "^") ? 1 : 0
    bit |= byte == UInt8(ascii: "'") ? 1 : 0
    return bit
  }

  /// The C0 control percent-encode set: controls and everything outside ASCII.
  private static func isInC0ControlSet(_ byte: UInt8) -> Bool { byte < 0x20 || byte > 0x7E }

  /// The fragment percent-encode set.
  private static func isInFragmentSet(_ byte: UInt8) -> Bool {
    isInC0ControlSet(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
      || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "`")
  }

  /// The special-query percent-encode set (https is a special scheme, so `'` is encoded too).
  private static func isInQuerySet(_ byte: UInt8) -> Bool {
    isInC0ControlSet(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\"")
      || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
      || byte == UInt8(ascii: "'")
  }

  /// The path percent-encode set.
  private static func isInPathSet(_ byte: UInt8) -> Bool {
    (isInQuerySet(byte) && byte != UInt8(ascii: "'")) || byte == UInt8(ascii: "?")
      || byte == UInt8(ascii: "^") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "{")
      || byte == UInt8(ascii: "}")
  }

  private static func append(_ byte: UInt8, to output: inout [UInt8], ifIn set: (UInt8) -> Bool) {
    guard set(byte) else {
      output.append(byte)
      return
    }
    let hex = Array("0123456789ABCDEF".utf8)
    output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
  }

  /// The range of the authority (`user@host:port`) after `scheme://`, if the text has one.
  private static func authorityRange(_ bytes: ArraySlice<UInt8>) -> Range<Int>? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
      !bytes[..<colon].contains(UInt8(ascii: "/")),
      bytes[colon...].starts(with: "://".utf8)
    else { return nil }
    let start = colon + 3
    let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
    return start..<end
  }

  /// The authority with its host in ASCII form; user information and port stay as written.
  private static func asciiAuthority(_ authority: ArraySlice<UInt8>) -> [UInt8] {
    let hostStart =
      authority.lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? authority.startIndex
    var hostEnd = authority.endIndex
    if authority[hostStart...].first != UInt8(ascii: "["),
      let colon = authority[hostStart...].lastIndex(of: UInt8(ascii: ":"))
    {
      hostEnd = colon
    }
    let host = String(decoding: authority[hostStart..<hostEnd], as: UTF8.self)
    let ascii = IDNA.asciiHost(host) ?? host
    return Array(authority[..<hostStart]) + Array(ascii.utf8) + Array(authority[hostEnd...])
  }
}

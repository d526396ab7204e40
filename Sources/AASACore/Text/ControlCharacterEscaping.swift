/// Text from an input (a linted file, a fetched body, a URL, a request path) shown to a person or
/// written to a log: every character a terminal or log viewer would act on instead of showing is
/// written as `\u{1B}`, so a file cannot colour the terminal, move the cursor, rewrite a line with
/// a carriage return, ring the bell, or reorder what is shown with bidirectional overrides.
///
/// One function for every rendering boundary: diagnostics, source excerpts, routing lines, live
/// checks, App Links tables and the server's logs all call ``escapingControlCharacters``.
public enum ControlCharacterEscaping {
  /// Whether `scalar` is shown as an escape: C0 controls (tab and line feed too: what is shown
  /// on one line stays on one line), DEL, C1 controls, the line and paragraph separators
  /// (U+2028, U+2029: some log viewers and JavaScript break lines there), and the invisible
  /// direction marks and bidirectional embeddings, overrides and isolates (U+061C, U+200E,
  /// U+200F, U+202A–U+202E, U+2066–U+2069).
  @inlinable
  public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Whether some byte of `utf8` may start an escaped character: a fast test that lets text
  /// without any (nearly all text) pass unchanged without decoding it.
  @inlinable
  public static func mayNeedEscaping(_ utf8: some Sequence<UInt8>) -> Bool {
    // Contiguous bytes (nearly always) in one branch-free pass the compiler vectorizes: bulk
    // routing asks this twice per line.
    let contiguous = utf8.withContiguousStorageIfAvailable { bytes in
      var found: UInt8 = 0
      for byte in bytes { found |= mayStartEscape(byte) }
      return found != 0
    }
    return contiguous ?? utf8.contains { mayStartEscape($0) != 0 }
  }

  /// 1 when `byte` may start an escaped character, else 0. C0 and DEL are single bytes; C1
  /// starts with 0xC2, U+061C with 0xD8, the rest with 0xE2.
  @inlinable @inline(__always)
  static func mayStartEscape(_ byte: UInt8) -> UInt8 {
    var bit: UInt8 = byte < 0x20 ? 1 : 0
    bit |= byte == 0x7F ? 1 : 0
    bit |= byte == 0xC2 ? 1 : 0
    bit |= byte == 0xD8 ? 1 : 0
    bit |= byte == 0xE2 ? 1 : 0
    return bit
  }
}

extension StringProtocol {
  /// The text with each character ``ControlCharacterEscaping/isEscaped(_:)`` selects written as
  /// `\u{XX}` (upper-case hexadecimal, as Swift writes it); other text unchanged.
  public var escapingControlCharacters: String {
    guard ControlCharacterEscaping.mayNeedEscaping(utf8) else { return String(self) }
    var output = ""
    output.reserveCapacity(utf8.count + 8)
    for scalar in unicodeScalars {
      if ControlCharacterEscaping.isEscaped(scalar) {
        output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    return output
  }
}

extension StringProtocol {
  /// The text with each line escaped as ``escapingControlCharacters`` does and the line feeds
  /// between lines kept: for a message of several lines (a usage error and its usage) that quotes
  /// an argument, a file name or a fetched value.
  public var escapingControlCharactersByLine: String {
    guard ControlCharacterEscaping.mayNeedEscaping(utf8) else { return String(self) }
    // Split on the byte: as Characters, "\r\n" is one, which is no "\n".
    return utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { String(decoding: $0, as: UTF8.self).escapingControlCharacters }
      .joined(separator: "\n")
  }
}

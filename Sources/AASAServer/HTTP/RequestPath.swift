import AASACore

/// Turns the request target of an HTTP request into the site path it names, or says why it names
/// nothing. Everything served lives in an in-memory table keyed by these canonical paths, so a
/// request can only ever reach a file that was loaded from inside the root; the checks here make
/// sure odd spellings are refused loudly instead of being looked up.
public enum RequestPath: Equatable, Sendable {
  /// A canonical, decoded path: starts with `/`, no empty, `.` or `..` segments, no hidden
  /// segments except a leading `.well-known`. Ends with `/` when it names a directory.
  case site(String)
  /// The target cannot name a file: bad percent-encoding, invalid or over-long UTF-8, NUL or
  /// other control characters, backslashes, empty segments (`//`), `.` or `..` segments.
  case malformed
  /// The target names a dotfile or dot-directory (other than `.well-known`): never served.
  case hidden

  /// Resolves a raw request target (`/a%20b?q=1`, or absolute form `https://host/a`).
  public static func resolve(_ target: String) -> RequestPath {
    var bytes = Array(target.utf8)
    // The query and fragment do not select a different file.
    if let end = bytes.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      bytes.removeSubrange(end...)
    }
    // Absolute form (`GET https://host/path`): keep only the path.
    if bytes.first != UInt8(ascii: "/") {
      guard let schemeEnd = findSchemeSeparator(bytes) else { return .malformed }
      let authorityStart = schemeEnd + 3
      if let pathStart = bytes[authorityStart...].firstIndex(of: UInt8(ascii: "/")) {
        bytes = Array(bytes[pathStart...])
      } else {
        bytes = [UInt8(ascii: "/")]
      }
    }
    guard let decoded = percentDecode(bytes) else { return .malformed }
    // Control characters (NUL above all) and backslashes have no business in a file name here;
    // some file systems and proxies treat `\` as a separator.
    if decoded.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) {
      return .malformed
    }
    // Swift's UTF-8 validation rejects over-long forms such as `%c0%ae` (a disguised `.`).
    guard let path = String(validUTF8: decoded) else { return .malformed }

    // Segments of bytes, not Characters: a `/` or `.` followed by a combining mark is one
    // Character (`/̼`, `.ޫ`), which would hide an empty segment or a dotfile from the checks.
    let dot = UInt8(ascii: ".")
    let segments = decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
      .dropFirst()
    for (index, segment) in segments.enumerated() {
      let isLast = index == segments.count - 1
      if segment.isEmpty {
        // Only the final segment may be empty: `/dir/` names a directory, `//` names nothing.
        if isLast { continue }
        return .malformed
      }
      if segment.elementsEqual([dot]) || segment.elementsEqual([dot, dot]) { return .malformed }
      if segment.first == dot && !(index == 0 && segment.elementsEqual(".well-known".utf8)) {
        return .hidden
      }
    }
    return .site(path)
  }

  /// Whether `target` needs no decoding or checks beyond being found in the site table: no
  /// escapes, query, fragment, backslash or control characters. Such a target, when it names a
  /// path at all (it may still hold `..` or a hidden segment), names itself.
  public static func isPlain(_ target: String) -> Bool {
    // Native strings are contiguous UTF-8: a loop over the bytes, not the view's iterator, which
    // costs as much as the rest of the look-up on every request.
    if let plain = target.utf8.withContiguousStorageIfAvailable(isPlain) { return plain }
    return Array(target.utf8).withUnsafeBufferPointer(isPlain)
  }

  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.first == UInt8(ascii: "/") else { return false }
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\"), 0x7F,
        0..<0x20:
        return false
      default: continue
      }
    }
    return true
  }

  private static func findSchemeSeparator(_ bytes: [UInt8]) -> Int? {
    let lowered = String(decoding: bytes.prefix(8), as: UTF8.self).lowercased()
    if lowered.hasPrefix("http://") { return 4 }
    if lowered.hasPrefix("https://") { return 5 }
    return nil
  }

  /// Decodes `%XX` escapes exactly once. A `%` not followed by two hex digits is an error rather
  /// than a literal, so nothing ambiguous gets through.
  static func percentDecode(_ bytes: [UInt8]) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.count, let high = HexDigit.value(bytes[index + 1]),
          let low = HexDigit.value(bytes[index + 2])
        else { return nil }
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(byte)
        index += 1
      }
    }
    return output
  }
}

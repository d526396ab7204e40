import AASACore

/// Decides whether a GET or HEAD can be answered `304 Not Modified` (RFC 9110 §13).
public enum ConditionalRequest {
  /// - Parameters:
  ///   - ifNoneMatch: every `If-None-Match` header value the request carried.
  ///   - ifModifiedSince: the `If-Modified-Since` value, if any.
  ///   - etag: the strong entity tag of the representation that would be sent, quotes included.
  ///   - lastModified: its modification time, in whole seconds since the epoch.
  public static func isNotModified(
    ifNoneMatch: [String], ifModifiedSince: String?, etag: String, lastModified: Int
  ) -> Bool {
    // When If-None-Match is present, If-Modified-Since must be ignored: the tag is more precise.
    if !ifNoneMatch.isEmpty {
      return ifNoneMatch.contains { matches(list: $0, etag: etag) }
    }
    if let ifModifiedSince, let since = HTTPDate.parse(ifModifiedSince) {
      return lastModified <= since
    }
    return false
  }

  /// Weak comparison, as If-None-Match requires: `W/"x"` matches `"x"`. Read as bytes in one
  /// pass: a client can send 16 KB of tags with every request, and reading them as Characters
  /// (with a substring per tag) cost a millisecond a stream in a debug build.
  static func matches(list: String, etag: String) -> Bool {
    let wanted = opaqueTag(etag.utf8[...])
    let bytes = list.utf8
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // Separators: commas and white space between tags.
      while index < bytes.endIndex, Self.isSeparator(bytes[index]) {
        index = bytes.index(after: index)
      }
      guard index < bytes.endIndex else { break }
      // A tag runs to the next comma outside quotes (commas are legal inside a quoted tag).
      let start = index
      var inQuotes = false
      while index < bytes.endIndex {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          inQuotes.toggle()
        } else if byte == UInt8(ascii: ",") && !inQuotes {
          break
        }
        index = bytes.index(after: index)
      }
      var end = index
      while end > start {
        let before = bytes.index(before: end)
        guard bytes[before] == UInt8(ascii: " ") || bytes[before] == UInt8(ascii: "\t") else {
          break
        }
        end = before
      }
      let tag = bytes[start..<end]
      if tag.elementsEqual("*".utf8) || opaqueTag(tag).elementsEqual(wanted) { return true }
    }
    return false
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ",")
  }

  private static func opaqueTag(_ tag: Substring.UTF8View) -> Substring.UTF8View {
    tag.starts(with: "W/".utf8) ? tag.dropFirst(2) : tag
  }
}

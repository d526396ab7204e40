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

  /// Weak comparison, as If-None-Match requires: `W/"x"` matches `"x"`.
  static func matches(list: String, etag: String) -> Bool {
    let wanted = opaqueTag(etag)
    for candidate in entityTags(in: list) {
      if candidate == "*" || opaqueTag(candidate) == wanted { return true }
    }
    return false
  }

  /// Splits a comma-separated entity tag list. Commas are legal inside a quoted tag, so a plain
  /// `split(",")` would be wrong.
  static func entityTags(in list: String) -> [Substring] {
    var tags: [Substring] = []
    var index = list.startIndex
    while index < list.endIndex {
      while index < list.endIndex, list[index] == " " || list[index] == "\t" || list[index] == "," {
        index = list.index(after: index)
      }
      guard index < list.endIndex else { break }
      let start = index
      var inQuotes = false
      while index < list.endIndex {
        let character = list[index]
        if character == "\"" {
          inQuotes.toggle()
        } else if character == "," && !inQuotes {
          break
        }
        index = list.index(after: index)
      }
      var tag = list[start..<index]
      while tag.last == " " || tag.last == "\t" { tag.removeLast() }
      tags.append(tag)
    }
    return tags
  }

  private static func opaqueTag<S: StringProtocol>(_ tag: S) -> Substring {
    let text = Substring(tag)
    return text.hasPrefix("W/") ? text.dropFirst(2) : text
  }
}

/// A URL or a bare path to route, split into the parts Apple matches, still percent-encoded.
///
/// `"/videos/x?a=1#top"` and `"https://example.com/videos/x?a=1#top"` both work; only the full
/// form has a host. The fragment starts at the first `#`, the query at the first `?` before it.
public struct URLInput: Hashable, Sendable {
  /// The input as given.
  public var text: String
  /// The host of a full URL, lower-cased; nil for a bare path.
  public var host: String?
  /// The raw path (may be empty).
  public var path: Substring
  /// The raw query without `?`, nil when there is no `?`.
  public var query: Substring?
  /// The raw fragment without `#`, nil when there is no `#`.
  public var fragment: Substring?

  public init(_ text: String) {
    self.text = text
    // Every delimiter is ASCII, so the UTF-8 view finds them without Character segmentation,
    // which would cost more than the matching itself.
    let whole = Substring(text)
    let bytes = whole.utf8
    var end = bytes.endIndex
    let (hashOffset, markOffset) = Self.delimiterOffsets(text)
    if let hashOffset {
      let hash = bytes.index(bytes.startIndex, offsetBy: hashOffset)
      fragment = whole[bytes.index(after: hash)...]
      end = hash
    }
    if let markOffset {
      let mark = bytes.index(bytes.startIndex, offsetBy: markOffset)
      query = whole[bytes.index(after: mark)..<end]
      end = mark
    }
    var pathStart = bytes.startIndex
    if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")),
      !bytes[..<colon].contains(UInt8(ascii: "/")),
      bytes[colon..<end].starts(with: "://".utf8)
    {
      let authorityStart = bytes.index(colon, offsetBy: 3)
      let slash = bytes[authorityStart..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      var authority = whole[authorityStart..<slash]
      if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
        authority = authority[authority.utf8.index(after: at)...]
      }
      if authority.utf8.first == UInt8(ascii: "["),
        let close = authority.utf8.firstIndex(of: UInt8(ascii: "]"))
      {
        authority = authority[...close]
      } else if let colon = authority.utf8.lastIndex(of: UInt8(ascii: ":")) {
        authority = authority[..<colon]
      }
      var hostName = authority.lowercased()
      if hostName.hasSuffix(".") { hostName.removeLast() }
      host = hostName
      pathStart = slash
    }
    path = whole[pathStart..<end]
  }

  /// The byte offsets of the first `#` and of the first `?` before it, found with one pass over
  /// contiguous UTF-8 (the generic `firstIndex` on a string view is several times slower).
  private static func delimiterOffsets(_ text: String) -> (hash: Int?, mark: Int?) {
    var text = text
    return text.withUTF8 { bytes in
      var mark: Int?
      for offset in bytes.indices {
        switch bytes[offset] {
        case UInt8(ascii: "#"): return (offset, mark)
        case UInt8(ascii: "?") where mark == nil: mark = offset
        default: continue
        }
      }
      return (nil, mark)
    }
  }
}

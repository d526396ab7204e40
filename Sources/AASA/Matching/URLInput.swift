/// A URL or a bare path to route, split into the parts Apple matches, still percent-encoded.
///
/// The parts are what a browser sends for the text (``AddressBarEncoding``): `/café/x` is routed
/// as `/caf%C3%A9/x`, and a Unicode host in its `xn--` form.
///
/// The parts are constants: they are read from ``text`` once. (As variables, they also made the
/// compiler copy the whole value inside `init`, which cost five retains per URL.)
///
/// `"/videos/x?a=1#top"` and `"https://example.com/videos/x?a=1#top"` both work; only the full
/// form has a host. The fragment starts at the first `#`, the query at the first `?` before it.
public struct URLInput: Hashable, Sendable {
  /// The input as given.
  public let text: String
  /// The host of a full URL, lower-cased and in ASCII form; nil for a bare path.
  public let host: String?
  /// The raw path (may be empty).
  public let path: Substring
  /// The raw query without `?`, nil when there is no `?`.
  public let query: Substring?
  /// The raw fragment without `#`, nil when there is no `#`.
  public let fragment: Substring?

  public init(_ text: String) {
    // Every delimiter is ASCII, so one pass over the UTF-8 bytes finds them without Character
    // segmentation, which would cost more than the matching itself.
    let sent = AddressBarEncoding.encode(text)
    let whole = Substring(sent)
    let bytes = whole.utf8
    let offsets = Self.delimiterOffsets(sent)
    func index(_ offset: Int) -> String.Index { bytes.index(bytes.startIndex, offsetBy: offset) }
    var end = bytes.endIndex
    var fragment: Substring?
    var query: Substring?
    var host: String?
    if let hash = offsets.hash {
      fragment = whole[index(hash + 1)...]
      end = index(hash)
    }
    if let mark = offsets.mark {
      query = whole[index(mark + 1)..<end]
      end = index(mark)
    }
    var pathStart = bytes.startIndex
    if let colon = offsets.schemeColon, bytes[index(colon)..<end].starts(with: "://".utf8) {
      let authorityStart = index(colon + 3)
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
    self.text = text
    self.host = host
    self.path = whole[pathStart..<end]
    self.query = query
    self.fragment = fragment
  }

  /// The byte offsets of the first `#`, of the first `?` before it, and of a `:` that may end a
  /// scheme (the first `:` before any `/`, `?` or `#`), found in passes over contiguous UTF-8 (the
  /// generic `firstIndex` on a string view is several times slower). Each pass looks for one or
  /// two bytes, so its one branch per byte is predictable: a single pass that switched on every
  /// delimiter-like byte (`/`, `-`, `.`, digits) mispredicted on most of them.
  private static func delimiterOffsets(_ text: String) -> (
    hash: Int?, mark: Int?, schemeColon: Int?
  ) {
    var text = text
    return text.withUTF8 { bytes in
      var hash: Int?
      var mark: Int?
      for offset in bytes.indices
      where bytes[offset] == UInt8(ascii: "#") || bytes[offset] == UInt8(ascii: "?") {
        if bytes[offset] == UInt8(ascii: "#") {
          hash = offset
          break
        }
        if mark == nil { mark = offset }
      }
      var schemeColon: Int?
      for offset in bytes.indices {
        let byte = bytes[offset]
        if byte == UInt8(ascii: ":") { schemeColon = offset }
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
          || byte == UInt8(ascii: "#")
        {
          break
        }
      }
      return (hash, mark, schemeColon)
    }
  }
}

/// A line of a URL list that is a bare path (it starts with `/`) of printable ASCII a browser
/// sends as typed, split into its parts straight from its bytes.
///
/// Such a line is exactly what ``URLInput`` would make of it: ``AddressBarEncoding`` leaves it
/// unchanged, it has no scheme (a scheme's `:` would come before the first `/`) and so no host, and
/// its query and fragment start at its first `?` and `#` alike. Bulk routing meets nearly only
/// such lines, and splitting them here saves ``URLInput``'s copies of the text and its general
/// passes, which cost as much as matching a URL that an index rules out at once. A plain line has
/// no control character either, so it goes into output as it is.
public struct PlainPathLine {
  /// The raw path, up to the query or fragment.
  let path: Substring
  /// The raw query without `?`; `""` when there is none (as the matcher reads an absent query).
  let query: Substring
  /// The raw fragment without `#`; `""` when there is none.
  let fragment: Substring

  /// Nil unless `line` starts with `/` and the address bar would send every byte as it is.
  public init?(_ line: UnsafeBufferPointer<UInt8>) {
    guard line.first == UInt8(ascii: "/"), AddressBarEncoding.sendsUnchanged(line) else {
      return nil
    }
    var hash = line.count
    var mark: Int?
    for offset in line.indices
    where line[offset] == UInt8(ascii: "#") || line[offset] == UInt8(ascii: "?") {
      if line[offset] == UInt8(ascii: "#") {
        hash = offset
        break
      }
      if mark == nil { mark = offset }
    }
    let text = Substring(String(decoding: line, as: UTF8.self))
    let utf8 = text.utf8
    func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
    let pathEnd = index(mark ?? hash)
    path = text[..<pathEnd]
    query = mark.map { text[index($0 + 1)..<index(hash)] } ?? ""
    fragment = hash < line.count ? text[index(hash + 1)...] : ""
  }
}

/// An upper bound on how deep a page nests its elements, found before the HTML5 parser runs.
///
/// HTML5 tree building looks through the stack of open elements for almost every start tag, so a
/// page of 40,000 nested `<div>`s takes gumbo seconds and 160,000 over a minute. This pass bounds
/// the depth in linear time so that such a page is refused instead of stalling the run.
///
/// It is a guard, not a parser: it counts start tags minus matching end tags per element name,
/// skipping comments, `<script>`, `<style>`, `<textarea>` and `<title>` content, void elements and
/// elements whose end tag is implied by their next sibling (`p`, `li`, `td`…), which cannot nest
/// without a counted container. An end tag only cancels an open tag of its own name, so the count
/// never falls below the parser's real depth: it can only overestimate.
enum NestingEstimate {
  /// Elements that never hold children or whose end tag is implied.
  private static let uncounted: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
    "source", "track", "wbr", "keygen", "frame", "basefont", "bgsound", "!doctype", "p", "li",
    "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "rb", "rt",
    "rp", "rtc", "colgroup", "caption", "html", "head", "body",
  ]
  /// Elements whose content is text up to their own end tag.
  private static let rawText: Set<String> = ["script", "style", "textarea", "title", "xmp"]

  /// The deepest the count reached, stopping as soon as it passes `limit`.
  static func maximumDepth(_ bytes: [UInt8], stoppingAbove limit: Int) -> Int {
    var open: [String: Int] = [:]
    var depth = 0
    var deepest = 0
    var index = 0
    let count = bytes.count
    func isLetter(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
    func name(from start: Int) -> (String, Int) {
      var end = start
      while end < count, end - start < 32 {
        let byte = bytes[end]
        if isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") {
          end += 1
        } else {
          break
        }
      }
      return (String(decoding: bytes[start..<end], as: UTF8.self).lowercased(), end)
    }
    func find(_ needle: [UInt8], from start: Int) -> Int {
      // Case-insensitive search for an ASCII needle; linear in the bytes skipped.
      var position = start
      while position + needle.count <= count {
        var matched = true
        for (offset, expected) in needle.enumerated()
        where bytes[position + offset] | 0x20 != expected {
          matched = false
          break
        }
        if matched { return position }
        position += 1
      }
      return count
    }
    while index < count {
      guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
        index += 1
        continue
      }
      let next = bytes[index + 1]
      if next == UInt8(ascii: "!"), index + 3 < count, bytes[index + 2] == UInt8(ascii: "-"),
        bytes[index + 3] == UInt8(ascii: "-")
      {
        index = find(Array("-->".utf8), from: index + 4) + 3
      } else if next == UInt8(ascii: "/"), index + 2 < count, isLetter(bytes[index + 2]) {
        let (tag, end) = name(from: index + 2)
        if let pending = open[tag], pending > 0 {
          open[tag] = pending - 1
          depth -= 1
        }
        index = end
      } else if isLetter(next) {
        let (tag, end) = name(from: index + 1)
        index = end
        if rawText.contains(tag) {
          index = find(Array("</\(tag)".utf8), from: index)
        } else if !uncounted.contains(tag) {
          open[tag, default: 0] += 1
          depth += 1
          deepest = max(deepest, depth)
          if deepest > limit { return deepest }
        }
      } else {
        index += 1
      }
    }
    return deepest
  }
}

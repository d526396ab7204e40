/// How the build reads a string attribute of the manifest before Android sees it: aapt treats
/// `\` as an escape (`\\` is one backslash, `\n` a newline, `\uXXXX` a character, `\x` any other
/// character `x`). That is why Android's documentation writes a pattern's literal `.` as `\\.`:
/// the XML's `\\.` reaches `PatternMatcher` as `\.`, while a single `\.` reaches it as `.`, which
/// matches any character.
enum AAPTString {
  static func unescape(_ written: String) -> String {
    guard written.contains("\\") else { return written }
    var output: [Unicode.Scalar] = []
    var scalars = Array(written.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let next = scalars.popFirst() else {
        output.append(scalar)
        continue
      }
      switch next {
      case "n": output.append("\n")
      case "t": output.append("\t")
      case "u":
        let hex = scalars.prefix(4)
        if hex.count == 4, let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16),
          let decoded = Unicode.Scalar(value)
        {
          output.append(decoded)
          scalars = scalars.dropFirst(4)
        } else {
          output.append("u")
        }
      default: output.append(next)
      }
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: output)
    return text
  }
}

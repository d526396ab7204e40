import AASACore
import Foundation

/// A line of pasted output made readable: the diff markers, quote markers and code fences that
/// pastes pick up in issues and pull requests removed, and the trailing notes people add
/// (`<!-- HERE`, `# mine`, `// this one`) cut off.
struct DeviceLine {
  /// The 1-based line number in the paste.
  var number: Int
  /// The text without markers, with its indentation.
  var text: Substring

  /// The longest line read; a longer one is cut there (no device prints such lines).
  static let maximumLength = 8_192

  init(number: Int, raw: Substring) {
    self.number = number
    var text = raw.count > Self.maximumLength ? raw.prefix(Self.maximumLength) : raw
    if text.last == "\r" { text = text.dropLast() }
    // A unified diff's marker: `+` or `-` in the first column, not `--option` or `---`.
    if let first = text.first, first == "+" || first == "-" {
      let second = text.dropFirst().first
      if second != "-" && second != "+" { text = text.dropFirst() }
    }
    // A Markdown quote.
    while text.first == ">" { text = text.dropFirst().drop { $0 == " " } }
    self.text = text
  }

  /// The text trimmed of spaces and tabs.
  var trimmed: Substring { text.trimming { $0 == " " || $0 == "\t" } }

  /// The text without a trailing note: `<!--`, ` #`, ` //`, and what follows.
  var withoutTrailingNote: Substring {
    var result = trimmed
    for marker in ["<!--", " #", " //", "\t#", " <--", " ←"] {
      if let range = result.range(of: marker) { result = result[..<range.lowerBound] }
    }
    return result.trimming { $0 == " " || $0 == "\t" }
  }

  /// Whether the line is a Markdown code fence.
  var isFence: Bool { trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") }
}

extension DeviceLine {
  /// The lines of a paste, at most `limit` of them.
  static func lines(of text: String, limit: Int) -> [DeviceLine] {
    var lines: [DeviceLine] = []
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      if lines.count >= limit { break }
      lines.append(DeviceLine(number: number, raw: raw))
    }
    return lines
  }
}

/// Whether `text` looks like a host name: labels of letters, digits and hyphens joined by dots, or
/// the `(redacted)` people put in its place.
func looksLikeHost(_ text: Substring) -> Bool {
  if text == "(redacted)" || text.hasPrefix("<") && text.hasSuffix(">") { return true }
  guard text.contains("."), !text.hasPrefix("."), !text.hasSuffix("."), text.count <= 253 else {
    return false
  }
  return text.allSatisfy {
    $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "*" || $0 == "…"
  }
}

/// One pattern of a dynamic rule (`"/products/*"`), compiled the way Android compiles it
/// (`DalComponentParser.parseMatchingExpression`) and matched the way Android matches it
/// (`PatternMatcher`).
///
/// Android's glob is not a shell glob and not Apple's: `*` is lazy and never backtracks (it
/// consumes up to the *first* occurrence of the character after it), that character is searched
/// for literally even when it is `?`, `.` or `*`, a `.` elsewhere in a glob matches any character,
/// and there is no escape. Each of those quirks is reproduced here, not fixed, because the point
/// is to predict what a phone does. Matching is a single forward pass: linear in the text.
public struct AndroidPattern: Hashable, Sendable {
  /// How Android stores the pattern.
  public enum Kind: String, Hashable, Sendable {
    /// No `*` and no `?`: the whole text must be equal.
    case literal
    /// One wildcard, a trailing `*`: the text must start with the rest.
    case prefix
    /// Anything else: the pattern is rewritten into `PatternMatcher`'s glob syntax.
    case simpleGlob = "glob"
  }

  /// The pattern as written in the file.
  public let written: String
  public let kind: Kind
  /// For a literal or prefix pattern, the text to compare; for a glob, the rewritten glob
  /// (`*`→`.*`, `?`→`.`, `.`→`\.`, `\`→`\\`), in UTF-16 code units as Java holds it.
  let units: [UInt16]

  /// Compiles `written`, which must not be empty (an empty pattern is malformed: the parser
  /// reports it and never builds one).
  public init(_ written: String) {
    self.written = written
    let source = Array(written.utf16)
    let star = UInt16(UInt8(ascii: "*"))
    let question = UInt16(UInt8(ascii: "?"))
    let wildcards = source.lazy.filter { $0 == star || $0 == question }.count
    if wildcards == 0 {
      kind = .literal
      units = source
    } else if wildcards == 1, source.last == star {
      kind = .prefix
      units = Array(source.dropLast())
    } else {
      kind = .simpleGlob
      units = Self.rewrite(source)
    }
  }

  /// `DalComponentParser`'s rewrite into `PatternMatcher`'s simple-glob syntax.
  private static func rewrite(_ source: [UInt16]) -> [UInt16] {
    let dot = UInt16(UInt8(ascii: "."))
    let backslash = UInt16(UInt8(ascii: "\\"))
    var rewritten: [UInt16] = []
    rewritten.reserveCapacity(source.count * 2)
    for unit in source {
      switch unit {
      case UInt16(UInt8(ascii: "*")): rewritten += [dot, UInt16(UInt8(ascii: "*"))]
      case UInt16(UInt8(ascii: "?")): rewritten.append(dot)
      case dot: rewritten += [backslash, dot]
      case backslash: rewritten += [backslash, backslash]
      default: rewritten.append(unit)
      }
    }
    return rewritten
  }

  /// Whether `text` (already decoded, as `android.net.Uri` returns it) matches.
  public func matches(_ text: String) -> Bool {
    matches(utf16: Array(text.utf16))
  }

  /// Whether the UTF-16 code units `text` match.
  public func matches(utf16 text: [UInt16]) -> Bool {
    switch kind {
    case .literal: return text == units
    case .prefix: return text.starts(with: units)
    case .simpleGlob: return Self.matchGlob(units, text)
    }
  }

  /// `PatternMatcher.matchGlobPattern`, step for step: the pattern and the text are walked once,
  /// each step advancing at least one of them, so the cost is linear.
  static func matchGlob(_ pattern: [UInt16], _ text: [UInt16]) -> Bool {
    let dot = UInt16(UInt8(ascii: "."))
    let star = UInt16(UInt8(ascii: "*"))
    let backslash = UInt16(UInt8(ascii: "\\"))
    let patternCount = pattern.count
    let textCount = text.count
    guard patternCount > 0 else { return textCount == 0 }
    func unit(_ index: Int) -> UInt16 { index < patternCount ? pattern[index] : 0 }
    var patternIndex = 0
    var textIndex = 0
    var next = pattern[0]
    while patternIndex < patternCount && textIndex < textCount {
      var current = next
      patternIndex += 1
      next = unit(patternIndex)
      let escaped = current == backslash
      if escaped {
        current = next
        patternIndex += 1
        next = unit(patternIndex)
      }
      if next == star {
        if !escaped && current == dot {
          // `.*`: the rest matches when the pattern ends here; otherwise skip to the first
          // occurrence of the next character, searched for literally.
          if patternIndex >= patternCount - 1 { return true }
          patternIndex += 1
          next = pattern[patternIndex]
          if next == backslash {
            patternIndex += 1
            next = unit(patternIndex)
          }
          while textIndex < textCount && text[textIndex] != next { textIndex += 1 }
          if textIndex == textCount { return false }
          patternIndex += 1
          next = unit(patternIndex)
          textIndex += 1
        } else {
          // `c*`: a run of `c`. The rewrite never produces it, but PatternMatcher has it.
          while textIndex < textCount && text[textIndex] == current { textIndex += 1 }
          patternIndex += 1
          next = unit(patternIndex)
        }
      } else {
        // PatternMatcher ignores the escape here: a `\.` matches any character, as `.` does.
        if current != dot && text[textIndex] != current { return false }
        textIndex += 1
      }
    }
    if patternIndex >= patternCount && textIndex >= textCount { return true }
    // The text ran out with a trailing `.*` left: that matches the empty rest.
    return patternIndex == patternCount - 2 && pattern[patternIndex] == dot
      && pattern[patternIndex + 1] == star
  }
}

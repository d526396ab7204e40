/// `android:pathAdvancedPattern`, compiled and matched as Android's `PatternMatcher` does for
/// `PATTERN_ADVANCED_GLOB` (see docs/assetlinks.md, "Which activity opens a URL").
///
/// The syntax looks like a regular expression (`.`, `[a-z]`, `[^0-9]`, `*`, `+`, `{n}`, `{n,}`,
/// `{n,m}`, `\` escapes) but matching is greedy and never backtracks: each token takes as many
/// characters as it can, so `.*\.html` matches nothing (the `.*` eats the `.html`). The quirks are
/// reproduced, not fixed, because the point is to predict what a phone does: a `}` outside a
/// range is dropped, `]` outside a set is literal, and a pattern Android refuses to compile (the
/// parser's `IllegalArgumentException`) is a ``Problem``, which makes the filter match nothing.
public struct AndroidAdvancedPattern: Hashable, Sendable {
  /// Why Android refuses the pattern.
  public struct Problem: Error, Hashable, Sendable {
    public var message: String
  }

  enum Token: Hashable, Sendable {
    case literal(UInt16)
    case any
    /// Inclusive ranges of UTF-16 code units; `inverted` for `[^…]`.
    case set([UnitRange], inverted: Bool)
  }

  /// `lower...upper`, which Android keeps even reversed (`[z-a]` then matches nothing).
  struct UnitRange: Hashable, Sendable {
    var lower: UInt16
    var upper: UInt16
    func contains(_ unit: UInt16) -> Bool { lower <= unit && unit <= upper }
  }

  struct Step: Hashable, Sendable {
    var token: Token
    var minimum: Int
    var maximum: Int
  }

  /// The pattern as written (after the XML's escapes are read).
  public let written: String
  let steps: [Step]

  /// Android's bound on a parsed pattern (`MAX_PATTERN_STORAGE`), in its storage units.
  static let maximumStorage = 2048

  /// Compiles `written`, or says why Android would not.
  public init(_ written: String) throws(Problem) {
    self.written = written
    steps = try Self.parse(Array(written.utf16))
  }

  // MARK: Parsing

  private static let openSet = UInt16(UInt8(ascii: "["))
  private static let closeSet = UInt16(UInt8(ascii: "]"))
  private static let caret = UInt16(UInt8(ascii: "^"))
  private static let dash = UInt16(UInt8(ascii: "-"))
  private static let openRange = UInt16(UInt8(ascii: "{"))
  private static let closeRange = UInt16(UInt8(ascii: "}"))
  private static let star = UInt16(UInt8(ascii: "*"))
  private static let plus = UInt16(UInt8(ascii: "+"))
  private static let dot = UInt16(UInt8(ascii: "."))
  private static let backslash = UInt16(UInt8(ascii: "\\"))
  private static let comma = UInt16(UInt8(ascii: ","))

  /// One pass over the pattern; every step consumes at least one unit, and the storage bound
  /// (as Android counts it) ends a long pattern early.
  private static func parse(_ pattern: [UInt16]) throws(Problem) -> [Step] {
    var steps: [Step] = []
    var storage = 0
    var index = 0
    /// Whether the last thing stored was a modifier (`*`, `+`, a range): a modifier must follow
    /// a token.
    var lastWasModifier = false
    while index < pattern.count {
      if storage > maximumStorage - 3 { throw Problem(message: "the pattern is too large") }
      let unit = pattern[index]
      switch unit {
      case openSet:
        guard index + 1 < pattern.count else {
          throw Problem(message: "`[` at the end of the pattern opens a set that never closes")
        }
        let inverted = pattern[index + 1] == caret
        index += inverted ? 2 : 1
        storage += 1
        var ranges: [UnitRange] = []
        var closed = false
        while index < pattern.count {
          if storage > maximumStorage - 3 { throw Problem(message: "the pattern is too large") }
          var member = pattern[index]
          if member == closeSet {
            guard !ranges.isEmpty else {
              throw Problem(message: "a set `[]` must list at least one character")
            }
            storage += 1
            index += 1
            closed = true
            break
          }
          if member == backslash {
            guard index + 1 < pattern.count else {
              throw Problem(message: "a `\\` at the end of the pattern escapes nothing")
            }
            index += 1
            member = pattern[index]
          }
          // `a-z`: a range when a dash follows and the character after it is not `]`.
          if index + 2 < pattern.count, pattern[index + 1] == dash,
            pattern[index + 2] != closeSet
          {
            index += 2
            var upper = pattern[index]
            if upper == backslash {
              guard index + 1 < pattern.count else {
                throw Problem(message: "a `\\` at the end of the pattern escapes nothing")
              }
              index += 1
              upper = pattern[index]
            }
            ranges.append(UnitRange(lower: member, upper: upper))
          } else {
            ranges.append(UnitRange(lower: member, upper: member))
          }
          storage += 2
          index += 1
        }
        guard closed else { throw Problem(message: "a set `[` is never closed with `]`") }
        steps.append(Step(token: .set(ranges, inverted: inverted), minimum: 1, maximum: 1))
        lastWasModifier = false
        continue
      case openRange:
        guard !steps.isEmpty, !lastWasModifier else {
          throw Problem(message: "a `{` range must follow a character, `.` or a set")
        }
        let start = index + 1
        guard let end = pattern[start...].firstIndex(of: closeRange) else {
          throw Problem(message: "a `{` range is never closed with `}`")
        }
        let text = pattern[start..<end]
        let minimum: Int
        let maximum: Int
        if let comma = text.firstIndex(of: comma) {
          minimum = try javaInteger(text[..<comma])
          maximum =
            comma == text.index(before: text.endIndex)
            ? Int(Int32.max) : try javaInteger(text[(comma + 1)...])
        } else {
          minimum = try javaInteger(text)
          maximum = minimum
        }
        guard minimum <= maximum else {
          throw Problem(message: "the range's minimum is greater than its maximum")
        }
        steps[steps.count - 1].minimum = minimum
        steps[steps.count - 1].maximum = maximum
        storage += 4
        lastWasModifier = true
        index = end + 1
        continue
      case star, plus:
        guard !steps.isEmpty, !lastWasModifier else {
          throw Problem(
            message: "`\(unit == star ? "*" : "+")` must follow a character, `.` or a set")
        }
        steps[steps.count - 1].minimum = unit == star ? 0 : 1
        steps[steps.count - 1].maximum = Int(Int32.max)
        storage += 1
        lastWasModifier = true
      case closeRange:
        // Outside a range Android drops it.
        break
      case dot:
        steps.append(Step(token: .any, minimum: 1, maximum: 1))
        storage += 1
        lastWasModifier = false
      case backslash:
        guard index + 1 < pattern.count else {
          throw Problem(message: "a `\\` at the end of the pattern escapes nothing")
        }
        index += 1
        steps.append(Step(token: .literal(pattern[index]), minimum: 1, maximum: 1))
        storage += 1
        lastWasModifier = false
      default:
        steps.append(Step(token: .literal(unit), minimum: 1, maximum: 1))
        storage += 1
        lastWasModifier = false
      }
      index += 1
    }
    return steps
  }

  /// `Integer.parseInt`: an optional sign and decimal digits that fit 32 bits.
  private static func javaInteger(_ text: ArraySlice<UInt16>) throws(Problem) -> Int {
    var digits = text[...]
    var negative = false
    if let first = digits.first, first == UInt16(UInt8(ascii: "-")) || first == plus {
      negative = first != plus
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.count <= 11 else {
      throw Problem(message: "a `{}` range holds something other than a number")
    }
    var value = 0
    for unit in digits {
      guard unit >= 0x30, unit <= 0x39 else {
        throw Problem(message: "a `{}` range holds something other than a number")
      }
      value = value * 10 + Int(unit - 0x30)
    }
    value = negative ? -value : value
    guard value >= Int(Int32.min), value <= Int(Int32.max) else {
      throw Problem(message: "a `{}` range holds a number too large")
    }
    return value
  }

  // MARK: Matching

  /// Whether `text` (UTF-16 code units, as Java holds a string) matches: each step takes as many
  /// units as it can up to its maximum, never giving any back.
  public func matches(utf16 text: [UInt16]) -> Bool {
    var position = 0
    for step in steps {
      var taken = 0
      while taken < step.maximum, position + taken < text.count,
        Self.accepts(step.token, text[position + taken])
      {
        taken += 1
      }
      if taken < step.minimum { return false }
      position += taken
    }
    return position >= text.count
  }

  public func matches(_ text: String) -> Bool { matches(utf16: Array(text.utf16)) }

  private static func accepts(_ token: Token, _ unit: UInt16) -> Bool {
    switch token {
    case .any: true
    case .literal(let literal): unit == literal
    case .set(let ranges, let inverted): ranges.contains { $0.contains(unit) } != inverted
    }
  }
}

/// The top-level `logging` value. It matters to routing on iOS only: with logging on, a `regex`
/// or `required` failure stops trying the other routes of this length (a library quirk).
///
/// iOS reads it with `boolValue`, which is true for a JSON `true` and for a string starting with
/// `Y`, `y`, `T`, `t` or a digit 1–9 (after leading spaces), so both `true` and `"true"` turn it on.
public enum LoggingSetting: Hashable, Sendable {
  case absent
  case boolean(Bool)
  case string(String)
  case number(String)
  case other

  public var isOnForIOS: Bool {
    switch self {
    case .boolean(let value): return value
    case .string(let text):
      guard let first = text.drop(while: { $0 == " " || $0 == "\t" }).first else { return false }
      return "YyTt123456789".contains(first)
    case .number(let text):
      return (Double(text) ?? 0) != 0
    case .absent, .other: return false
    }
  }
}

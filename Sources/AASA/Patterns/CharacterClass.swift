/// The one-character ASCII classes of the built-in variables `$(alpha)`, `$(upper)`, `$(lower)`,
/// `$(alnum)`, `$(digit)` and `$(xdigit)`.
enum CharacterClass: UInt8, Sendable, Hashable, CaseIterable {
  case alpha, upper, lower, alnum, digit, xdigit

  /// The class a case-insensitive pattern uses: the text is folded to lower case, so `$(upper)`
  /// must accept the lower-case letters it folded into.
  var caseFolded: CharacterClass {
    self == .upper ? .lower : self
  }

  /// Whether the scalar value belongs to the class.
  @inline(__always)
  func contains(_ value: UInt32) -> Bool {
    let isUpper = value &- 0x41 < 26
    let isLower = value &- 0x61 < 26
    let isDigit = value &- 0x30 < 10
    switch self {
    case .alpha: return isUpper || isLower
    case .upper: return isUpper
    case .lower: return isLower
    case .alnum: return isUpper || isLower || isDigit
    case .digit: return isDigit
    case .xdigit: return isDigit || value &- 0x41 < 6 || value &- 0x61 < 6
    }
  }
}

/// One matching step of a pattern after variables are resolved: it consumes one character, or (a
/// star) any number of them.
enum PatternAtom: Sendable, Hashable {
  /// Exactly this Unicode scalar (already folded when the pattern is case-insensitive).
  case scalar(UInt32)
  /// `?`: exactly one Unicode scalar, whatever it is.
  case any
  /// `*`: zero or more scalars, `/` included.
  case star
  /// One ASCII character of a class, from a built-in variable such as `$(digit)`.
  case characterClass(CharacterClass)

  /// Whether path normalization treats this atom as a `*`: the wildcard, or an escaped literal
  /// `\*` (the rule looks at the character, and the URL side has only literal stars).
  var isStarLike: Bool {
    switch self {
    case .star: return true
    case .scalar(let value): return value == PathNormalization.star
    case .any, .characterClass: return false
    }
  }

  /// Whether this is a literal `/` (written `/` or `\/`).
  var isSlash: Bool { self == .scalar(PathNormalization.slash) }

  /// Whether this atom matches `value`, for atoms that consume exactly one scalar.
  @inline(__always)
  func matchesOne(_ value: UInt32) -> Bool {
    switch self {
    case .scalar(let expected): return expected == value
    case .any: return true
    case .characterClass(let characterClass): return characterClass.contains(value)
    case .star: return true
    }
  }

  /// The atom a case-insensitive pattern uses: literals and classes folded.
  var caseFolded: PatternAtom {
    switch self {
    case .scalar(let value): return .scalar(CaseFolding.fold(value))
    case .characterClass(let characterClass): return .characterClass(characterClass.caseFolded)
    case .any, .star: return self
    }
  }
}

/// One element of a pattern as written: an atom, or a substitution variable still to resolve.
enum PatternElement: Sendable, Hashable {
  case atom(PatternAtom)
  /// `$(name)`.
  case variable(String)
  /// `$(name)` with an empty name or one containing `$` or `(`: never matches.
  case invalidVariable(String)
}

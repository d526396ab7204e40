/// Something odd about a pattern, found while compiling it. The linter turns these into
/// diagnostics; matching already follows the documented reading of each.
public enum PatternIssue: Sendable, Hashable {
  /// The pattern ends with a lone `\`. It is matched as a literal backslash.
  case trailingBackslash
  /// `$(` without a closing `)`. The characters are matched literally, `$(` included.
  case unterminatedVariable(offset: Int)
  /// `$(name)` where `name` is neither a custom nor a built-in variable. The pattern never matches.
  case undefinedVariable(name: String)
  /// `$(name)` where `name` is empty or contains `$` or `(` (a nested variable, such as
  /// `$(a$(b))`). The pattern never matches.
  case invalidVariableName(name: String)
  /// A value of a custom variable contains `$(`, so it was dropped
  /// (`docs/matching.md#substitution-variables`).
  case droppedVariableValue(name: String, value: String)
  /// A custom variable used here has no usable value left, so the pattern never matches.
  case variableWithoutValues(name: String)
  /// The variables' values expand to more than ``Pattern/maximumExpansion`` automaton states.
  /// The pattern never matches, as Apple's matcher gives up on patterns past its limits.
  case tooComplex(expansion: Int)
}

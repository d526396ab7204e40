@testable import AASA

/// Compiles `pattern` for `part` and matches the URL part `text` as written.
func patternMatches(
  _ pattern: String, _ text: String, part: PatternPart = .path, caseSensitive: Bool = true,
  percentEncoded: Bool = true, variables: VariableTable = .builtIns
) -> Bool {
  Pattern(pattern, part: part, caseSensitive: caseSensitive, variables: variables)
    .matches(text, percentEncoded: percentEncoded)
}

/// The prepared form of `text` as a string.
func prepared(
  _ text: String, part: PatternPart = .path, percentEncoded: Bool = true,
  caseSensitive: Bool = true
) -> String {
  PreparedText(text, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
    .description
}

/// The substitution variables patterns can use: the file's `substitutionVariables` plus the eight
/// built-ins (`docs/matching.md#substitution-variables`).
///
/// Custom names shadow built-ins. Built-ins:
/// - `alpha`, `upper`, `lower`, `alnum`, `digit`, `xdigit`: one ASCII character of that class.
/// - `region`: an ISO 3166-1 alpha-2 code (`GB`, not `UK`; see ``ISORegionCodes``).
/// - `lang`: an ISO 639-1 or ISO 639-2 code (`en`, `eng`, `ger`; see ``ISOLanguageCodes``).
///
/// Region and language codes match all in upper case or all in lower case (`GB`, `gb`; `EN`,
/// `en`); a case-insensitive pattern also accepts mixed case (`Gb`), since both sides are folded.
public struct VariableTable: Sendable {
  /// The names of the built-in variables.
  public static let builtInNames: Set<String> = [
    "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
  ]

  /// A table with the built-ins only.
  public static let builtIns = VariableTable()

  /// Custom variables, name to values. Values may use `*` and `?` as wildcards.
  public let custom: [String: [String]]
  /// Each custom variable compiled once, rather than once per pattern that uses it.
  private let compiled: [String: CompiledVariable]

  /// A custom variable's values as tries, for case-sensitive and case-insensitive patterns.
  private struct CompiledVariable: Sendable {
    var sensitive: VariableTrie
    var folded: VariableTrie
    /// What compiling found (values dropped, no values left), reported by every pattern using it.
    var issues: [PatternIssue]

    init(name: String, values: [String]) {
      var issues: [PatternIssue] = []
      var alternatives: [[PatternAtom]] = []
      for value in values {
        if value.contains("$(") {
          issues.append(.droppedVariableValue(name: name, value: value))
          continue
        }
        alternatives.append(PatternSyntax.atoms(ofValue: value))
      }
      if alternatives.isEmpty {
        issues.append(.variableWithoutValues(name: name))
      }
      self.issues = issues
      sensitive = VariableTrie(alternatives)
      folded = VariableTrie(alternatives.map { $0.map(\.caseFolded) })
    }
  }

  /// A table of `custom` variables (which shadow built-ins of the same name) and the built-ins.
  public init(custom: [String: [String]] = [:]) {
    self.custom = custom
    compiled = custom.reduce(into: [:]) { compiled, variable in
      compiled[variable.key] = CompiledVariable(name: variable.key, values: variable.value)
    }
  }

  /// Whether `name` is defined, as a custom variable or a built-in.
  /// The automaton states one use of `name` adds to a pattern (0 for single-character classes
  /// and undefined names): what ``Pattern/maximumExpansion`` budgets.
  public func expansion(of name: String, caseSensitive: Bool) -> Int {
    var ignored: [PatternIssue] = []
    guard
      case .alternatives(let trie) = resolve(name, caseSensitive: caseSensitive, issues: &ignored)
    else { return 0 }
    return trie.template.size
  }

  /// What `$(name)` stands for in a pattern with the given case sensitivity.
  func resolve(_ name: String, caseSensitive: Bool, issues: inout [PatternIssue])
    -> VariableResolution
  {
    if let variable = compiled[name] {
      issues.append(contentsOf: variable.issues)
      return .alternatives(caseSensitive ? variable.sensitive : variable.folded)
    }
    switch name {
    case "alpha": return .characterClass(.alpha)
    case "upper": return .characterClass(caseSensitive ? .upper : .lower)
    case "lower": return .characterClass(.lower)
    case "alnum": return .characterClass(.alnum)
    case "digit": return .characterClass(.digit)
    case "xdigit": return .characterClass(.xdigit)
    case "region":
      return .alternatives(caseSensitive ? Self.regionsBothCases : Self.regionsFolded)
    case "lang":
      return .alternatives(caseSensitive ? Self.languagesBothCases : Self.languagesFolded)
    default:
      issues.append(.undefinedVariable(name: name))
      return .undefined
    }
  }

  private static func literalAlternatives(_ codes: [String]) -> [[PatternAtom]] {
    codes.map { $0.unicodeScalars.map { .scalar($0.value) } }
  }

  private static let regionCodes = ISORegionCodes.alpha2.map { $0.lowercased() }
  private static let languageCodes = ISOLanguageCodes.twoLetter + ISOLanguageCodes.threeLetter
  private static let regionsFolded = VariableTrie(literalAlternatives(regionCodes))
  private static let regionsBothCases = VariableTrie(
    literalAlternatives(regionCodes + regionCodes.map { $0.uppercased() }))
  private static let languagesFolded = VariableTrie(literalAlternatives(languageCodes))
  private static let languagesBothCases = VariableTrie(
    literalAlternatives(languageCodes + languageCodes.map { $0.uppercased() }))
}

/// What a `$(name)` reference stands for.
enum VariableResolution {
  /// One character of an ASCII class.
  case characterClass(CharacterClass)
  /// Exactly one of these values.
  case alternatives(VariableTrie)
  /// Not defined: the pattern never matches.
  case undefined
}

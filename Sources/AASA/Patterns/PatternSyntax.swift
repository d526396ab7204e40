/// Reads the pattern language (`docs/matching.md#pattern-language`): `*`, `?`, `\` escapes and
/// `$(name)` variables.
enum PatternSyntax {
  private static let backslash = UInt32(UInt8(ascii: "\\"))
  private static let dollar = UInt32(UInt8(ascii: "$"))
  private static let openParenthesis = UInt32(UInt8(ascii: "("))
  private static let closeParenthesis = UInt32(UInt8(ascii: ")"))
  private static let questionMark = UInt32(UInt8(ascii: "?"))

  /// Splits `source` into elements. Runs of `*` become one star.
  ///
  /// - A trailing lone `\` is a literal backslash (reported as ``PatternIssue/trailingBackslash``).
  /// - `$(` without a closing `)` is literal text (reported as
  ///   ``PatternIssue/unterminatedVariable(offset:)``): `/a$(b` matches the URL `/a$(b`.
  /// - With `allowsVariables: false` (variable values), `$` is an ordinary character.
  static func parse(
    _ source: String, allowsVariables: Bool, issues: inout [PatternIssue]
  ) -> [PatternElement] {
    let scalars = source.unicodeScalars.map(\.value)
    var elements: [PatternElement] = []
    elements.reserveCapacity(scalars.count)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      switch scalar {
      case backslash:
        if index + 1 < scalars.count {
          elements.append(.atom(.scalar(scalars[index + 1])))
          index += 2
        } else {
          issues.append(.trailingBackslash)
          elements.append(.atom(.scalar(backslash)))
          index += 1
        }
      case PathNormalization.star:
        if elements.last != .atom(.star) {
          elements.append(.atom(.star))
        }
        index += 1
      case questionMark:
        elements.append(.atom(.any))
        index += 1
      case dollar
      where allowsVariables && index + 1 < scalars.count && scalars[index + 1] == openParenthesis:
        guard let close = scalars[(index + 2)...].firstIndex(of: closeParenthesis) else {
          issues.append(.unterminatedVariable(offset: index))
          elements.append(.atom(.scalar(dollar)))
          index += 1
          continue
        }
        let name = string(from: scalars[(index + 2)..<close])
        if name.isEmpty || name.contains("$") || name.contains("(") {
          issues.append(.invalidVariableName(name: name))
          elements.append(.invalidVariable(name))
        } else {
          elements.append(.variable(name))
        }
        index = close + 1
      default:
        elements.append(.atom(.scalar(scalar)))
        index += 1
      }
    }
    return elements
  }

  /// The atoms of a variable value: the same language without variables.
  static func atoms(ofValue value: String) -> [PatternAtom] {
    var ignored: [PatternIssue] = []
    return parse(value, allowsVariables: false, issues: &ignored).compactMap {
      if case .atom(let atom) = $0 { return atom }
      return nil
    }
  }

  private static func string(from values: ArraySlice<UInt32>) -> String {
    var result = ""
    result.unicodeScalars.append(contentsOf: values.compactMap(Unicode.Scalar.init))
    return result
  }
}

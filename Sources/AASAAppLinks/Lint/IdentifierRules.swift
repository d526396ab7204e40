/// The shapes of the identifiers a target names: App Store IDs, Android package and class names,
/// Windows store GUIDs. Each check is one pass over the value.
enum IdentifierRules {
  static func isNumeric(_ value: String) -> Bool {
    !value.isEmpty && value.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  /// A Java identifier as Android's build tools accept one in a name: ASCII letters, digits, `_`
  /// (and `$` in class names), not starting with a digit.
  private static func isIdentifier(_ part: Substring, allowDollar: Bool) -> Bool {
    guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
    return part.unicodeScalars.allSatisfy {
      $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" || (allowDollar && $0 == "$")
    }
  }

  /// `com.example.app`: at least two parts, each starting with a letter.
  static func isPackageName(_ value: String) -> Bool {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        part.unicodeScalars.first?.isASCIILetter == true && isIdentifier(part, allowDollar: false)
      }
  }

  /// `com.example.app.DocsActivity` (an inner class as `Outer$Inner`); not the manifest's
  /// relative `.DocsActivity`, which an Intent's component cannot name.
  static func isClassName(_ value: String) -> Bool {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2 && parts.allSatisfy { isIdentifier($0, allowDollar: true) }
  }

  /// `a14e93aa-27c7-df11-a844-00237de2db9f`, optionally in braces.
  static func isGUID(_ value: String) -> Bool {
    var text = Substring(value)
    if text.hasPrefix("{") && text.hasSuffix("}") { text = text.dropFirst().dropLast() }
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12]
      && groups.allSatisfy { $0.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) }
  }
}

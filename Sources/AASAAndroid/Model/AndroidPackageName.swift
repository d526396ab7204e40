/// Android application IDs (`package_name`), as Google and the Android build tools accept them.
enum AndroidPackageName {
  /// Why `name` is not a valid package name, for a message; nil when it is valid.
  ///
  /// The rule: at least two segments joined by `.`, each starting with an ASCII letter and going on
  /// with ASCII letters, digits and `_`. Android refuses to install an app whose ID breaks it, so a
  /// statement naming such a package can never match an app.
  static func problem(with name: String) -> String? {
    if name.isEmpty { return "is empty" }
    if name.contains(where: \.isWhitespace) { return "contains whitespace" }
    let segments = name.split(separator: ".", omittingEmptySubsequences: false)
    if segments.count < 2 {
      return "has one segment; an application ID has at least two, e.g. com.example"
    }
    for segment in segments {
      guard let first = segment.unicodeScalars.first else {
        return "has an empty segment (two dots in a row, or a dot at an end)"
      }
      guard isASCIILetter(first) else {
        return "has the segment \"\(segment)\", which does not start with a letter"
      }
      if let bad = segment.unicodeScalars.first(where: {
        !isASCIILetter($0) && !isDigit($0) && $0 != "_"
      }) {
        return "contains `\(bad)`; only letters, digits and `_` may appear between dots"
      }
    }
    return nil
  }

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar)
  }
}

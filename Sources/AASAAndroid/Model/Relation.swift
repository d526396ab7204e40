/// A Digital Asset Links relation: what the file's site delegates to the target, written
/// `<kind>/<detail>`, e.g. `delegate_permission/common.handle_all_urls`.
///
/// The grammar is Google's: both halves are non-empty runs of `[a-z0-9_.]`. Relations are an open
/// set, so a well-formed one that Android does not know is valid, merely useless; a malformed one
/// makes Google reject the statement, and with it the whole list.
public struct Relation: Hashable, Sendable, CustomStringConvertible {
  /// The relation as written.
  public let rawValue: String

  public init(_ rawValue: String) {
    self.rawValue = rawValue
  }

  public var description: String { rawValue }

  /// App Links: the app may open the site's URLs without asking (Android's `autoVerify`).
  public static let handleAllURLs = Relation("delegate_permission/common.handle_all_urls")
  /// Credential sharing: the app and site share saved sign-ins.
  public static let getLoginCredentials = Relation("delegate_permission/common.get_login_creds")
  /// Trusted Web Activities and payment apps: the app may act as the site's origin.
  public static let useAsOrigin = Relation("delegate_permission/common.use_as_origin")

  /// The relations Android and Chrome act on. Others are valid but nothing reads them.
  public static let known: [Relation] = [.handleAllURLs, .getLoginCredentials, .useAsOrigin]

  /// Whether it follows Google's `<kind>/<detail>` grammar, each half in `[a-z0-9_.]+`.
  public var isWellFormed: Bool {
    let halves = rawValue.split(separator: "/", omittingEmptySubsequences: false)
    return halves.count == 2
      && halves.allSatisfy { half in
        !half.isEmpty && half.unicodeScalars.allSatisfy(Relation.isGrammarCharacter)
      }
  }

  /// Why it is not well formed, for a message; nil when it is.
  public var grammarProblem: String? {
    let halves = rawValue.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2 else {
      return halves.count == 1
        ? "has no `/` between kind and detail" : "has \(halves.count - 1) `/`, not one"
    }
    for (name, half) in zip(["kind", "detail"], halves) {
      if half.isEmpty { return "has an empty \(name)" }
      if let bad = half.unicodeScalars.first(where: { !Relation.isGrammarCharacter($0) }) {
        let hint = ("A"..."Z").contains(bad) ? " (relations are lower case)" : ""
        return "has `\(bad)` in its \(name)\(hint); only a-z, 0-9, `_` and `.` are allowed"
      }
    }
    return nil
  }

  private static func isGrammarCharacter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
  }
}

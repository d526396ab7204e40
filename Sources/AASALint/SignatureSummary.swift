import AASA

/// What linting says about a CMS-signed (iOS 8 era) file it unwrapped: who signed it, and whether
/// the signature over the content verifies.
public struct SignatureSummary: Sendable {
  public var signer: String
  public var verifies: Bool
  public var problem: String?

  public init(signer: String, verifies: Bool, problem: String? = nil) {
    self.signer = signer
    self.verifies = verifies
    self.problem = problem
  }

  func describe(file: String, style: TerminalStyle) -> String {
    let verdict =
      verifies
      ? style.green("the signature verifies")
      : style.red("the signature does not verify") + (problem.map { " (\($0))" } ?? "")
    return "\(file): CMS-signed by \(signer); \(verdict)"
  }

  var json: String {
    "{\"signer\": \(JSONValue.quoted(signer)), \"verifies\": \(verifies), \"problem\": "
      + (problem.map(JSONValue.quoted) ?? "null") + "}"
  }
}

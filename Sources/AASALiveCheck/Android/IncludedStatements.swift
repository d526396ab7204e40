import AASAAndroid
import AASACore

/// The statement lists an assetlinks.json pulls in with `{"include": "https://…"}`, fetched as
/// Google's verifier fetches them (see docs/assetlinks.md, "include").
///
/// Google documents the rules but no numbers: an include must be https when the file is, it is
/// read only from a 200 answer (no redirect is followed), a list that cannot be read (or has an
/// invalid statement) loses only that include, and a loop ends in "Fetch budget exhausted" with
/// the statements found before it still counting (Google's compatibility tests 5002, 5003, 5005,
/// 5006). The AOSP verifier (phones without Google services) follows one level only
/// (`MAX_INCLUDE_LEVEL = 1`). So the fetches here are bounded by ``Limits`` (a budget of fetches
/// and a depth), a URL is fetched once (a second mention is a cycle, reported), and each list
/// says its depth, so a grant found deeper than one level can be flagged.
public struct IncludedStatements: Sendable {
  /// Bounds on following includes.
  public struct Limits: Sendable, Hashable {
    /// Fetches in all; Google's budget is not published, so this is a conservative one.
    public var maximumFetches: Int
    /// Levels below the site's own file.
    public var maximumDepth: Int
    /// The levels AOSP's verifier follows.
    public static let aospDepth = 1

    public init(maximumFetches: Int = 10, maximumDepth: Int = 5) {
      self.maximumFetches = maximumFetches
      self.maximumDepth = maximumDepth
    }
  }

  /// One included list.
  public struct List: Sendable {
    public var url: String
    /// 1 for a list named by the site's own file.
    public var depth: Int
    /// The URL of the list that names it.
    public var includedFrom: String
    /// The list, when it was fetched, served as Android requires and valid.
    public var statementList: StatementList?
    /// Why it counts for nothing (refused, not 200, not application/json, invalid…).
    public var problem: String?
    /// The response's lines, judged as the site's own assetlinks.json is.
    public var requirements: [Requirement]
  }

  /// In the order they were fetched (breadth first).
  public var lists: [List]
  /// Includes that name a list already on the way: `a → b → a`.
  public var cycles: [String]
  /// Includes not fetched because the budget or the depth ran out.
  public var notFetched: [String]

  public init(lists: [List] = [], cycles: [String] = [], notFetched: [String] = []) {
    self.lists = lists
    self.cycles = cycles
    self.notFetched = notFetched
  }

  /// Where a grant was found, when the site's own file does not grant it.
  public struct IncludedGrant: Sendable, Hashable {
    public var url: String
    public var depth: Int
    public var statements: [Int]
  }

  /// The answer for the site's file `root`, definite now that its includes were followed: the
  /// root's own answer, else the first included list that grants it. A root that Google ignores
  /// (an invalid statement) grants nothing, whatever its includes say.
  public func grants(
    root: StatementList, package: String, fingerprint: CertificateFingerprint,
    relation: Relation = .handleAllURLs
  ) -> (answer: GrantAnswer, includedGrant: IncludedGrant?, definite: Bool, explanation: String) {
    let answer = root.grants(package: package, fingerprint: fingerprint, relation: relation)
    if answer.isGranted || root.isIgnoredByGoogle {
      return (answer, nil, true, answer.explanation)
    }
    for list in lists {
      guard let statements = list.statementList,
        case .yes(let by) = statements.grants(
          package: package, fingerprint: fingerprint, relation: relation)
      else { continue }
      let grant = IncludedGrant(url: list.url, depth: list.depth, statements: by)
      let named = by.map { "[\($0)]" }.joined(separator: ", ")
      let aosp =
        list.depth > Limits.aospDepth
        ? "; it is \(list.depth) includes deep, and AOSP's verifier (phones without Google services) follows only one"
        : ""
      return (
        .yes(grantedBy: []), grant, true,
        "yes: granted by statement\(by.count == 1 ? "" : "s") \(named) of the included list \(list.url)\(aosp)"
      )
    }
    let definite = notFetched.isEmpty
    // Why none grants it, over what Google reads: the site's statements and the usable
    // included lists' ("it names com.example.app" counts the packages an include names too).
    let read = StatementList(
      statements: allStatements(root: root), includes: [], invalidStatementIndices: [],
      entryCount: root.entryCount)
    var explanation =
      "no: "
      + Self.refusal(read.grants(package: package, fingerprint: fingerprint, relation: relation))
    let failed = lists.filter { $0.statementList == nil }
    if !failed.isEmpty {
      explanation +=
        "; included lists that count for nothing: "
        + failed.map { "\($0.url) (\($0.problem ?? "unreadable"))" }.joined(separator: ", ")
    }
    if !definite {
      explanation += "; not fetched (limit reached): " + notFetched.joined(separator: ", ")
    }
    return (answer, nil, definite, explanation)
  }

  private static func refusal(_ answer: GrantAnswer) -> String {
    if case .no(let refusal, _) = answer { return refusal.explanation }
    return ""
  }

  /// Every statement of the site's file and of the usable included lists: what Google reads.
  public func allStatements(root: StatementList) -> [Statement] {
    root.statements + lists.compactMap(\.statementList).flatMap(\.statements)
  }
}

/// An Android `assetlinks.json` file: Google's Digital Asset Links statement list.
///
/// The one rule that shapes everything here is Google's: the fetcher reads the whole list and, if
/// any one statement is malformed, throws the whole list away. A file with one typo in its fifth
/// statement therefore grants nothing at all, which is why ``isIgnoredByGoogle`` exists and why
/// grant answers check it first.
public struct StatementList: Hashable, Sendable {
  /// The statements that could be read, valid or not, in file order.
  public var statements: [Statement]
  /// The `include` statements, in file order. They are not fetched.
  public var includes: [IncludeStatement]
  /// The positions of every statement Google would reject, including ones too broken to model.
  public var invalidStatementIndices: [Int]
  /// How many entries the JSON array has.
  public var entryCount: Int

  public init(
    statements: [Statement], includes: [IncludeStatement], invalidStatementIndices: [Int],
    entryCount: Int
  ) {
    self.statements = statements
    self.includes = includes
    self.invalidStatementIndices = invalidStatementIndices
    self.entryCount = entryCount
  }

  /// A list with no statements: what a file that is not a list routes like.
  public static let empty = StatementList(
    statements: [], includes: [], invalidStatementIndices: [], entryCount: 0)

  /// Whether Google discards the file: one of its statements is invalid.
  public var isIgnoredByGoogle: Bool { !invalidStatementIndices.isEmpty }

  /// The distinct package names of the app targets, in file order.
  public var packageNames: [String] {
    var seen: Set<String> = []
    return statements.compactMap(\.target.packageName).filter { seen.insert($0).inserted }
  }
}

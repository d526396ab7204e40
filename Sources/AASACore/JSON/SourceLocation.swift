/// A position in a source file, as a person counts it: lines and columns start at 1, and a column
/// counts Unicode scalars, so a typographic quote is one column wide like any other character.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int
  /// The UTF-8 byte offset from the start of the file.
  public var offset: Int

  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  public static let start = SourceLocation(line: 1, column: 1, offset: 0)

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.offset < rhs.offset
  }

  public var description: String { "\(line):\(column)" }
}

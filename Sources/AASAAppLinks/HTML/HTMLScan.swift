import AASACore

/// What reading a page found: its `<meta>` elements, and the comments that hold what looks like
/// an App Links tag (a tag commented out is a common reason for "my tags are ignored").
public struct HTMLScan: Sendable {
  public var metaElements: [MetaElement] = []
  /// Comments whose text mentions `al:`, with where each starts.
  public var commentsMentioningAppLinks: [SourceLocation] = []
  /// Why the page was not read, or read only in part.
  public var refusal: Refusal?

  public enum Refusal: Sendable, Hashable {
    /// Larger than ``HTMLReader/maximumSize`` bytes.
    case tooLarge(bytes: Int)
    /// Elements nested deeper than ``HTMLReader/maximumNesting``, which HTML5 tree building
    /// handles in time quadratic in the depth.
    case nestedTooDeep(estimate: Int)
    /// More than ``HTMLReader/maximumNodes`` nodes: the rest was not walked.
    case tooManyNodes
    /// Markup that would make the parser look through its stack of open elements more than
    /// ``HTMLReader/maximumWork`` times (many tags deep down, or tags of thousands of attributes).
    case tooMuchWork(estimate: Int)
    /// The parse was stopped: past its ``HTMLReader/parseBudget`` of CPU time, or out of memory.
    case parseStopped(outOfTime: Bool)
    /// Markup on which the HTML5 parser (gumbo 0.10) fails an assertion and aborts the process:
    /// a CDATA section inside SVG's `title`, `desc` or `foreignObject` or MathML's text elements,
    /// or an SVG or MathML element named `select`, `template` or like a table part.
    case crashesParser
  }
}

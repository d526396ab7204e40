/// How deep a page nests its elements, and how much work that makes for the HTML5 parser, found
/// in one linear pass before gumbo runs.
///
/// HTML5 tree building looks through the stack of open elements for almost every token, so a
/// page of 40,000 nested `<div>`s takes gumbo seconds and 160,000 over a minute, and a page nested
/// only 4,000 deep still takes seconds when it repeats a cheap tag (`</p>`, `</li>`) a million
/// times at that depth. This pass tokenizes the page as HTML5 does (comments end at `-->`, `--!>`,
/// `<!-->` and `<!--->`; `script`, `style`, `title`, `textarea`, `xmp`, `iframe`, `noembed`,
/// `noframes` and `plaintext` hold text only where the parser inserts them as HTML elements, not
/// inside `<svg>` or `<math>` nor where `<select>` ignores them; CDATA only in foreign content)
/// and keeps a model of the parser's stack of open elements (``NestingModel``). The model pops
/// an element only where the parser surely pops it, so it holds at least as many elements as the
/// parser's stack: its deepest is an upper bound of the page's nesting. The work figure adds, for
/// every tag, that depth, for every byte of text an eighth of it (the text path is cheaper), and
/// for every tag the square of its attribute count (duplicates are looked for pairwise).
///
/// Both are checked by the differential fuzz target `applinks-depth` against gumbo's tree
/// (docs/fuzzing.md). They are the fast, deterministic bound; the parse itself also runs under a
/// CPU-time budget (``HTMLReader/parseBudget``), for whatever the model does not foresee.
enum NestingEstimate {
  struct Result: Equatable {
    /// The deepest the model's stack of open elements was (html, head and body not counted).
    var depth = 0
    /// Stack entries the parser is estimated to look at.
    var work = 0
    /// The page holds markup on which gumbo 0.10 aborts (``NestingModel/crashesParser``).
    var crashesParser = false
  }

  /// Estimates `bytes`, stopping as soon as the depth passes `depthLimit` or the work passes
  /// `workLimit` (the figures returned are then the first past the limit).
  static func estimate(_ bytes: [UInt8], depthLimit: Int = .max, workLimit: Int = .max) -> Result {
    var model = NestingModel(bytes: bytes, depthLimit: depthLimit, workLimit: workLimit)
    model.run()
    return Result(depth: model.deepest, work: model.work, crashesParser: model.crashesParser)
  }

  /// The deepest the model reached, stopping as soon as it passes `limit`.
  static func maximumDepth(_ bytes: [UInt8], stoppingAbove limit: Int) -> Int {
    estimate(bytes, depthLimit: limit).depth
  }
}

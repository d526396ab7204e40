/// The pass behind ``NestingEstimate``: an HTML5 tokenizer and a model of the tree builder's stack
/// of open elements, linear in the page.
///
/// The model follows the HTML5 tree-building rules that push and pop elements, as gumbo 0.10
/// implements them (an end tag of an element name gumbo does not know closes any element of a name
/// it does not know, so such names are one name here too). It keeps one rule: an element leaves the
/// model only when the parser surely removes it. Where the parser might remove elements and the
/// model cannot tell (an element the parser may have closed without a trace in the model, a
/// formatting element the adoption agency moves), the model keeps them and marks them uncertain:
/// an uncertain element is popped only from the top, or together with a certain one below it, so
/// the model never holds fewer elements than the parser (the fuzz target `applinks-depth` checks
/// this against gumbo's tree, docs/fuzzing.md). Formatting elements the parser popped but may
/// reconstruct (`<p><b></p>` then text) stay counted until the cell, caption, template or object
/// around them closes (Noah's Ark drops list entries whose clones may still be on the stack, so
/// the model does not follow it). Where a page leaves even that
/// model (a `<frameset>`, an `annotation-xml` whose encoding holds a character reference, a
/// raw-text element or table part whose insertion mode is uncertain), the model turns coarse:
/// every later `<` before a letter counts three elements and nothing leaves, which only
/// overestimates.
///
/// Every operation is amortised constant time: each element has its position kept in per-name and
/// per-category stacks, so no query walks the model's stack.
struct NestingModel {
  let bytes: [UInt8]
  let depthLimit: Int
  let workLimit: Int
  var deepest = 0
  var work = 0
  /// Markup that makes gumbo 0.10 fail an assertion and abort the process: a CDATA section whose
  /// text goes to the HTML rules (inside an integration point), where a table's text handling
  /// asserts that no text is pending; or an SVG or MathML element named like a table part,
  /// `select` or `template`, which gumbo's reset of the insertion mode takes for the HTML one.
  var crashesParser = false
  var index = 0
  var stopped = false
  /// Past what the model follows: every start tag counts, nothing is popped.
  var coarse = false
  var coarseDepth = 0

  let flags = NestingNames.flags
  let htmlCategories = NestingNames.htmlCategories
  let rawTexts = NestingNames.rawTexts
  let known = NestingNames.known
  /// Foreign element names gumbo does not know, numbered from ``NestingNames/firstForeign``.
  var foreignNames: [NestingNames.Key: Int] = [:]

  func has(_ name: Int, _ flag: NestingNames.Flag) -> Bool {
    name < flags.count && flags[name].contains(flag)
  }

  func rawText(_ name: Int) -> NestingNames.RawText? {
    name < rawTexts.count ? rawTexts[name] : nil
  }

  /// The number of a foreign element's name: gumbo compares foreign names as written.
  mutating func foreignName(_ tag: Tag) -> Int {
    if tag.name != NestingNames.unknown { return tag.name }
    if let id = foreignNames[tag.key] { return id }
    let id = NestingNames.firstForeign + foreignNames.count
    foreignNames[tag.key] = id
    return id
  }

  init(bytes: [UInt8], depthLimit: Int, workLimit: Int) {
    self.bytes = bytes
    self.depthLimit = depthLimit
    self.workLimit = workLimit
  }

  // MARK: The model's stack

  struct Entry {
    var name: Int
    var space: Space
    /// Its key in `positions`.
    var key: Int
    /// For formatting elements and markers: the order they entered the list of active formatting
    /// elements (0 for others).
    var sequence = 0
    /// For `annotation-xml`: whether it is an HTML integration point.
    var htmlIntegration = false
    /// For `template`: the insertion mode its first start tag chose.
    var templateMode: Mode?
    /// For `select`: inserted in a table's modes, so that table tags close it.
    var selectInTable = false
    var categories: Categories = []
  }

  typealias Space = NestingSpace
  typealias Categories = NestingCategories

  var stack: [Entry] = []
  var positions = NestingPositions(count: NestingNames.gumboTags.count + 1)
  var special: [Int] = []
  var specialExceptADP: [Int] = []
  var scope: [Int] = []
  var listScope: [Int] = []
  var buttonScope: [Int] = []
  var tableScope: [Int] = []
  var notOption: [Int] = []
  var headings: [Int] = []
  var htmlEntries: [Int] = []
  var modes: [Int] = []
  /// The markers in the list of active formatting elements (pushed with `td`, `th`, `caption`,
  /// `template`, `applet`, `object` and `marquee`, cleared only when such an element is closed
  /// by its own rules): the length of `pending`, its live count, and the order number then.
  var markers: [(pendingMark: Int, liveBefore: Int, sequence: Int)] = []
  /// Closed ranges of stack positions that may not be on the parser's stack, in order.
  var uncertain: [(low: Int, high: Int)] = []
  /// The parser's form element pointer; unknown once a template (which the pointer ignores) has
  /// been open, since the model's templates may not be the parser's.
  var formPointer = FormPointer.unset
  enum FormPointer { case unset, set, unknown }

  // MARK: Formatting elements the parser may reconstruct

  var pending: [(name: Int, sequence: Int)] = []
  var pendingLive = 0
  var pendingByName: [Int: [Int]] = [:]
  /// Live pending entries before each marker's segment.
  /// For runs of pending entries (by their first position), the lowest the stack has been since:
  /// heights never decrease along the list.
  var lowWater: [(index: Int, height: Int)] = []
  var sequence = 0

  var depth: Int { stack.count + pendingLive }
  /// Before anything that starts the body: the parser is in its head modes.
  var inHead = true
  /// Attributes given to `<html>` and `<body>` start tags so far.
  var htmlAttributes = 0
  var bodyAttributes = 0

  // MARK: Running

  mutating func run() {
    let count = bytes.count
    while index < count, !stopped {
      if coarse {
        countEveryTag()
        return
      }
      if bytes[index] != NestingBytes.lessThan {
        var end = index + 1
        while end < count, bytes[end] != NestingBytes.lessThan { end += 1 }
        // Text other than whitespace starts the body.
        if inHead, bytes[index..<end].contains(where: { !NestingBytes.isSpace($0) }) {
          inHead = false
        }
        text(end - index)
        index = end
        continue
      }
      guard index + 1 < count else {
        inHead = false
        text(1)
        index = count
        break
      }
      let next = bytes[index + 1]
      if next == NestingBytes.bang {
        markupDeclaration()
      } else if next == NestingBytes.slash {
        guard index + 2 < count else {
          text(2)
          index = count
          break
        }
        let third = bytes[index + 2]
        if NestingBytes.isLetter(third) {
          let tag = readTag(from: index + 2)
          addWork(tagWork(tag))
          if !coarse { endTag(tag) }
        } else if third == NestingBytes.greaterThan {
          index += 3
        } else {
          index = position(of: NestingBytes.greaterThan, from: index + 2) + 1
        }
      } else if NestingBytes.isLetter(next) {
        let tag = readTag(from: index + 1)
        addWork(tagWork(tag))
        startTag(tag)
      } else if next == NestingBytes.question {
        index = position(of: NestingBytes.greaterThan, from: index + 1) + 1
      } else {
        inHead = false
        text(1)
        index += 1
      }
    }
  }

  /// A tag's work: the stack, and its attributes, which gumbo compares pairwise.
  func tagWork(_ tag: Tag) -> Int {
    let (pairs, overflow) = (tag.attributes / 2).multipliedReportingOverflow(by: tag.attributes)
    return overflow
      ? .max : pairs.addingReportingOverflow(depth + 1).overflow ? .max : pairs + depth + 1
  }

  /// Coarse: every `<` before a letter may open an element (comments and raw text are not
  /// skipped, since the model no longer knows where they are), and a start tag adds at most three
  /// (`<td>` in a table adds a tbody and a tr; `<isindex>` a form and a label).
  mutating func countEveryTag() {
    let count = bytes.count
    var start = index
    while index + 1 < count, !stopped {
      if bytes[index] == NestingBytes.lessThan, bytes[index + 1] == NestingBytes.bang,
        matches("<![CDATA[", at: index)
      {
        // Where it stands is unknown: it may be where gumbo aborts.
        crashesParser = true
        stopped = true
        return
      }
      if bytes[index] == NestingBytes.lessThan, NestingBytes.isLetter(bytes[index + 1]) {
        text(index - start)
        coarseDepth += 3
        record(coarseDepth)
        addWork(1 + coarseDepth)
        start = index + 1
      }
      index += 1
    }
    text(count - start)
    index = count
  }

  mutating func addWork(_ amount: Int) {
    let (sum, overflow) = work.addingReportingOverflow(amount)
    work = overflow ? .max : sum
    if work > workLimit { stopped = true }
  }

  mutating func text(_ length: Int) {
    // The parser's cost per character grows with the stack too, but at an eighth of a tag's.
    let (product, overflow) = (depth + 1).multipliedReportingOverflow(by: length)
    addWork(overflow ? .max : product / 8)
  }

  mutating func record(_ value: Int) {
    if value > deepest {
      deepest = value
      if deepest > depthLimit { stopped = true }
    }
  }
}

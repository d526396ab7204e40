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
  private(set) var deepest = 0
  private(set) var work = 0
  /// Markup that makes gumbo 0.10 fail an assertion and abort the process: a CDATA section whose
  /// text goes to the HTML rules (inside an integration point), where a table's text handling
  /// asserts that no text is pending; or an SVG or MathML element named like a table part,
  /// `select` or `template`, which gumbo's reset of the insertion mode takes for the HTML one.
  private(set) var crashesParser = false
  private var index = 0
  private var stopped = false
  /// Past what the model follows: every start tag counts, nothing is popped.
  private var coarse = false
  private var coarseDepth = 0

  private let flags = Names.flags
  private let htmlCategories = Names.htmlCategories
  private let rawTexts = Names.rawTexts
  private let known = Names.known
  /// Foreign element names gumbo does not know, numbered from ``Names/firstForeign``.
  private var foreignNames: [Names.Key: Int] = [:]

  private func has(_ name: Int, _ flag: Names.Flag) -> Bool {
    name < flags.count && flags[name].contains(flag)
  }

  private func rawText(_ name: Int) -> Names.RawText? {
    name < rawTexts.count ? rawTexts[name] : nil
  }

  /// The number of a foreign element's name: gumbo compares foreign names as written.
  private mutating func foreignName(_ tag: Tag) -> Int {
    if tag.name != Names.unknown { return tag.name }
    if let id = foreignNames[tag.key] { return id }
    let id = Names.firstForeign + foreignNames.count
    foreignNames[tag.key] = id
    return id
  }

  init(bytes: [UInt8], depthLimit: Int, workLimit: Int) {
    self.bytes = bytes
    self.depthLimit = depthLimit
    self.workLimit = workLimit
  }

  // MARK: The model's stack

  private struct Entry {
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

  private typealias Space = NestingSpace
  private typealias Categories = NestingCategories

  private var stack: [Entry] = []
  private var positions = PositionTable(count: Names.gumboTags.count + 1)
  private var special: [Int] = []
  private var specialExceptADP: [Int] = []
  private var scope: [Int] = []
  private var listScope: [Int] = []
  private var buttonScope: [Int] = []
  private var tableScope: [Int] = []
  private var notOption: [Int] = []
  private var headings: [Int] = []
  private var htmlEntries: [Int] = []
  private var modes: [Int] = []
  /// The markers in the list of active formatting elements (pushed with `td`, `th`, `caption`,
  /// `template`, `applet`, `object` and `marquee`, cleared only when such an element is closed
  /// by its own rules): the length of `pending`, its live count, and the order number then.
  private var markers: [(pendingMark: Int, liveBefore: Int, sequence: Int)] = []
  /// Closed ranges of stack positions that may not be on the parser's stack, in order.
  private var uncertain: [(low: Int, high: Int)] = []
  /// The parser's form element pointer; unknown once a template (which the pointer ignores) has
  /// been open, since the model's templates may not be the parser's.
  private var formPointer = FormPointer.unset
  private enum FormPointer { case unset, set, unknown }

  // MARK: Formatting elements the parser may reconstruct

  private var pending: [(name: Int, sequence: Int)] = []
  private var pendingLive = 0
  private var pendingByName: [Int: [Int]] = [:]
  /// Live pending entries before each marker's segment.
  /// For runs of pending entries (by their first position), the lowest the stack has been since:
  /// heights never decrease along the list.
  private var lowWater: [(index: Int, height: Int)] = []
  private var sequence = 0

  private var depth: Int { stack.count + pendingLive }
  /// Before anything that starts the body: the parser is in its head modes.
  private var inHead = true
  /// Attributes given to `<html>` and `<body>` start tags so far.
  private var htmlAttributes = 0
  private var bodyAttributes = 0

  // MARK: Running

  mutating func run() {
    let count = bytes.count
    while index < count, !stopped {
      if coarse {
        countEveryTag()
        return
      }
      if bytes[index] != Byte.lessThan {
        var end = index + 1
        while end < count, bytes[end] != Byte.lessThan { end += 1 }
        // Text other than whitespace starts the body.
        if inHead, bytes[index..<end].contains(where: { !Byte.isSpace($0) }) { inHead = false }
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
      if next == Byte.bang {
        markupDeclaration()
      } else if next == Byte.slash {
        guard index + 2 < count else {
          text(2)
          index = count
          break
        }
        let third = bytes[index + 2]
        if Byte.isLetter(third) {
          let tag = readTag(from: index + 2)
          addWork(tagWork(tag))
          if !coarse { endTag(tag) }
        } else if third == Byte.greaterThan {
          index += 3
        } else {
          index = position(of: Byte.greaterThan, from: index + 2) + 1
        }
      } else if Byte.isLetter(next) {
        let tag = readTag(from: index + 1)
        addWork(tagWork(tag))
        startTag(tag)
      } else if next == Byte.question {
        index = position(of: Byte.greaterThan, from: index + 1) + 1
      } else {
        inHead = false
        text(1)
        index += 1
      }
    }
  }

  /// A tag's work: the stack, and its attributes, which gumbo compares pairwise.
  private func tagWork(_ tag: Tag) -> Int {
    let (pairs, overflow) = (tag.attributes / 2).multipliedReportingOverflow(by: tag.attributes)
    return overflow
      ? .max : pairs.addingReportingOverflow(depth + 1).overflow ? .max : pairs + depth + 1
  }

  /// Coarse: every `<` before a letter may open an element (comments and raw text are not
  /// skipped, since the model no longer knows where they are), and a start tag adds at most three
  /// (`<td>` in a table adds a tbody and a tr; `<isindex>` a form and a label).
  private mutating func countEveryTag() {
    let count = bytes.count
    var start = index
    while index + 1 < count, !stopped {
      if bytes[index] == Byte.lessThan, bytes[index + 1] == Byte.bang,
        matches("<![CDATA[", at: index)
      {
        // Where it stands is unknown: it may be where gumbo aborts.
        crashesParser = true
        stopped = true
        return
      }
      if bytes[index] == Byte.lessThan, Byte.isLetter(bytes[index + 1]) {
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

  private mutating func addWork(_ amount: Int) {
    let (sum, overflow) = work.addingReportingOverflow(amount)
    work = overflow ? .max : sum
    if work > workLimit { stopped = true }
  }

  private mutating func text(_ length: Int) {
    // The parser's cost per character grows with the stack too, but at an eighth of a tag's.
    let (product, overflow) = (depth + 1).multipliedReportingOverflow(by: length)
    addWork(overflow ? .max : product / 8)
  }

  private mutating func record(_ value: Int) {
    if value > deepest {
      deepest = value
      if deepest > depthLimit { stopped = true }
    }
  }

  // MARK: Tokenizing

  /// `<!`: a comment, a CDATA section in foreign content, or a DOCTYPE or bogus comment.
  private mutating func markupDeclaration() {
    let count = bytes.count
    if index + 3 < count, bytes[index + 2] == Byte.dash, bytes[index + 3] == Byte.dash {
      // HTML5's comment states: `<!-->` and `<!--->` are whole comments; a comment ends at the
      // first `-->` or `--!>` after its `<!--`.
      let start = index + 4
      if start < count, bytes[start] == Byte.greaterThan {
        index = start + 1
      } else if start + 1 < count, bytes[start] == Byte.dash, bytes[start + 1] == Byte.greaterThan {
        index = start + 2
      } else {
        var position = start
        index = count
        while position + 2 < count {
          if bytes[position] == Byte.dash, bytes[position + 1] == Byte.dash {
            if bytes[position + 2] == Byte.greaterThan {
              index = position + 3
              break
            }
            if bytes[position + 2] == Byte.bang, position + 3 < count,
              bytes[position + 3] == Byte.greaterThan
            {
              index = position + 4
              break
            }
          }
          position += 1
        }
      }
      addWork(1)
      return
    }
    // The tokenizer reads CDATA only while the current node is not an HTML element. Coarse, the
    // model cannot tell, and a bogus comment ends sooner (at the first `>`): it hides less.
    if !coarse, let top = stack.last, top.space != .html, matches("[CDATA[", at: index + 2) {
      if isUncertain(stack.count - 1) {
        // CDATA or a bogus comment: the model cannot tell where this ends.
        becomeCoarse()
        return
      }
      if isHTMLIntegration(top) || (top.space == .math && has(top.name, .mathTextIntegration)) {
        crashesParser = true
        stopped = true
        return
      }
      index = find(Array("]]>".utf8), from: index + 9) + 3
      return
    }
    index = position(of: Byte.greaterThan, from: index + 2) + 1
    addWork(1)
  }

  private func matches(_ literal: String, at start: Int) -> Bool {
    var position = start
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  /// The position of `byte` at or after `start`, or the end.
  private func position(of byte: UInt8, from start: Int) -> Int {
    var position = start
    while position < bytes.count, bytes[position] != byte { position += 1 }
    return min(position, bytes.count)
  }

  /// The position of `needle` at or after `start`, or the end.
  private func find(_ needle: [UInt8], from start: Int) -> Int {
    var position = start
    while position + needle.count <= bytes.count {
      if bytes[position] == needle[0] {
        var offset = 1
        while offset < needle.count, bytes[position + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return position }
      }
      position += 1
    }
    return bytes.count
  }

  fileprivate struct Tag {
    /// The name's number among gumbo's tags, or ``Names/unknown``.
    var name: Int
    var key: Names.Key
    var selfClosing = false
    var attributes = 0
    /// `color`, `face` or `size`: a `<font>` with one leaves foreign content.
    var fontBreakout = false
    /// The `encoding` attribute's value: 0 none or another, 1 `text/html` or
    /// `application/xhtml+xml`, 2 unknown (it holds a character reference).
    var encoding = 0
  }

  /// Reads a tag whose name starts at `start` as the HTML5 tokenizer does, and moves past it.
  private mutating func readTag(from start: Int) -> Tag {
    let count = bytes.count
    var position = start
    var key = Names.Key()
    while position < count {
      let byte = bytes[position]
      if Byte.isSpace(byte) || byte == Byte.slash || byte == Byte.greaterThan { break }
      if byte == 0 {
        key.append(0xEF)
        key.append(0xBF)
        key.append(0xBD)
      } else {
        key.append(Byte.lowercased(byte))
      }
      position += 1
    }
    var tag = Tag(name: known[key] ?? Names.unknown, key: key)

    // The attribute states: names end at space, `/`, `>` or `=`; values are quoted or end at
    // space or `>`; `/` right before `>` makes the tag self-closing.
    while position < count {
      let byte = bytes[position]
      if Byte.isSpace(byte) {
        position += 1
        continue
      }
      if byte == Byte.greaterThan {
        index = position + 1
        return tag
      }
      if byte == Byte.slash {
        if position + 1 < count, bytes[position + 1] == Byte.greaterThan {
          tag.selfClosing = true
          index = position + 2
          return tag
        }
        position += 1
        continue
      }
      // An attribute name (its first character may be `=`).
      let nameStart = position
      position += 1
      while position < count {
        let byte = bytes[position]
        if Byte.isSpace(byte) || byte == Byte.slash || byte == Byte.greaterThan
          || byte == Byte.equals
        {
          break
        }
        position += 1
      }
      tag.attributes += 1
      let attributeName = bytes[nameStart..<position]
      while position < count, Byte.isSpace(bytes[position]) { position += 1 }
      var value: ArraySlice<UInt8>?
      if position < count, bytes[position] == Byte.equals {
        position += 1
        while position < count, Byte.isSpace(bytes[position]) { position += 1 }
        if position < count, bytes[position] == Byte.doubleQuote || bytes[position] == Byte.quote {
          let quote = bytes[position]
          let valueStart = position + 1
          position = valueStart
          while position < count, bytes[position] != quote { position += 1 }
          value = bytes[valueStart..<min(position, count)]
          position += 1
        } else {
          let valueStart = position
          while position < count, !Byte.isSpace(bytes[position]),
            bytes[position] != Byte.greaterThan
          {
            position += 1
          }
          value = bytes[valueStart..<position]
        }
      }
      if Names.equalsIgnoringCase(attributeName, "color")
        || Names.equalsIgnoringCase(attributeName, "face")
        || Names.equalsIgnoringCase(attributeName, "size")
      {
        tag.fontBreakout = true
      }
      if Names.equalsIgnoringCase(attributeName, "encoding"), tag.encoding == 0, let value {
        if value.contains(Byte.ampersand) {
          tag.encoding = 2
        } else if Names.equalsIgnoringCase(value, "text/html")
          || Names.equalsIgnoringCase(value, "application/xhtml+xml")
        {
          tag.encoding = 1
        }
      }
    }
    // The end of the page inside a tag: the parser drops it; counting it is harmless.
    index = count
    return tag
  }

  /// Skips an element's text to its end tag, as the tokenizer's RCDATA and RAWTEXT states do:
  /// to `</name` followed by space, `/` or `>`, in any case.
  private mutating func skipRawText(_ needle: [UInt8]) {
    let count = bytes.count
    var position = index
    while position + 1 < count {
      if bytes[position] == Byte.lessThan, bytes[position + 1] == Byte.slash,
        endsElement(needle, at: position + 2)
      {
        break
      }
      position += 1
    }
    let end = position + 1 < count ? position : count
    text(end - index)
    index = end
  }

  /// Whether `name` then space, `/` or `>` stands at `start`, in any case.
  private func endsElement(_ name: [UInt8], at start: Int) -> Bool {
    guard start + name.count < bytes.count else { return false }
    for offset in 0..<name.count where Byte.lowercased(bytes[start + offset]) != name[offset] {
      return false
    }
    let after = bytes[start + name.count]
    return Byte.isSpace(after) || after == Byte.slash || after == Byte.greaterThan
  }

  /// Skips a script's text as the script data states do: `<!--` starts an escaped part (which
  /// `>` right after its dashes ends again), in which `<script` starts a double-escaped part that
  /// `</script` only ends (not the script), and `-->` ends either.
  private mutating func skipScript() {
    enum State {
      case data, escaped, escapedDash, escapedDashDash, double, doubleDash, doubleDashDash
    }
    let count = bytes.count
    let script = Array("script".utf8)
    var state = State.data
    var position = index
    scan: while position < count {
      let byte = bytes[position]
      switch state {
      case .data:
        if byte == Byte.lessThan {
          if position + 1 < count, bytes[position + 1] == Byte.slash,
            endsElement(script, at: position + 2)
          {
            break scan
          }
          if matches("<!--", at: position) {
            state = .escapedDashDash
            position += 4
            continue
          }
        }
      case .escaped, .escapedDash, .escapedDashDash:
        if byte == Byte.dash {
          state = state == .escaped ? .escapedDash : .escapedDashDash
        } else if byte == Byte.greaterThan, state == .escapedDashDash {
          state = .data
        } else if byte == Byte.lessThan {
          state = .escaped
          if position + 1 < count, bytes[position + 1] == Byte.slash,
            endsElement(script, at: position + 2)
          {
            break scan
          }
          if endsElement(script, at: position + 1) {
            state = .double
            position += 1 + script.count
            continue
          }
        } else {
          state = .escaped
        }
      case .double, .doubleDash, .doubleDashDash:
        if byte == Byte.dash {
          state = state == .double ? .doubleDash : .doubleDashDash
        } else if byte == Byte.greaterThan, state == .doubleDashDash {
          state = .data
        } else if byte == Byte.lessThan {
          state = .double
          if position + 1 < count, bytes[position + 1] == Byte.slash,
            endsElement(script, at: position + 2)
          {
            state = .escaped
            position += 2 + script.count
            continue
          }
        } else {
          state = .double
        }
      }
      position += 1
    }
    let end = min(position, count)
    text(end - index)
    index = end
  }
}

// MARK: - The tree builder

extension NestingModel {
  private enum Mode {
    case body, table, tableBody, row, cell, caption, columnGroup, select, selectInTable, template
  }

  /// The insertion mode: that of the nearest element below the top that sets one; nil when that
  /// element may not be on the parser's stack.
  private var mode: Mode? {
    guard let nearest = modes.last else { return .body }
    // Gumbo 0.10 resets the mode by tag name whatever the namespace (an SVG `select` counts).
    if isUncertain(nearest) || stack[nearest].space != .html { return nil }
    switch stack[nearest].name {
    case Names.select:
      return stack[nearest].selectInTable ? .selectInTable : .select
    case Names.td, Names.th: return .cell
    case Names.tr: return .row
    case Names.tbody, Names.thead, Names.tfoot: return .tableBody
    case Names.caption: return .caption
    case Names.colgroup: return .columnGroup
    case Names.table: return .table
    default:
      switch stack[nearest].templateMode {
      case .table?: return .table
      case .columnGroup?: return .columnGroup
      case .tableBody?: return .tableBody
      case .row?: return .row
      case .body?: return .body
      default: return .template
      }
    }
  }

  /// Whether formatting elements popped in this scope may be reconstructed on top of the stack,
  /// so that the parser's current node may not be the model's top.
  private var mayReconstruct: Bool { pendingLive > (markers.last?.liveBefore ?? 0) }

  private mutating func startTag(_ tag: Tag) {
    if inHead, !has(tag.name, .headContent) { inHead = false }
    if tag.name == Names.html || tag.name == Names.body {
      // The parser merges the attributes of every `<html>` (`<body>`) into the first, looking
      // each up among those it has.
      let merged = tag.name == Names.html ? htmlAttributes : bodyAttributes
      let (product, overflow) = tag.attributes.multipliedReportingOverflow(by: merged)
      addWork(overflow ? .max : product)
      if tag.name == Names.html {
        htmlAttributes = min(htmlAttributes + tag.attributes, bytes.count)
      } else {
        bodyAttributes = min(bodyAttributes + tag.attributes, bytes.count)
      }
    }
    if let top = stack.last, top.space != .html, isUncertain(stack.count - 1) {
      // The parser may be in foreign content or not: the rules differ too much to follow both.
      becomeCoarse()
      return
    }
    if let top = stack.last, top.space != .html, !htmlRulesApply(to: tag, under: top) {
      foreignStartTag(tag)
      return
    }
    guard let mode else {
      // The parser's insertion mode is uncertain: the tag counts, whatever the parser does.
      reprocess(tag, afterClosing: false)
      return
    }
    switch mode {
    case .template:
      // A template's first start tag sets the mode for its content.
      if let nearest = modes.last {
        switch tag.name {
        case Names.caption, Names.colgroup, Names.tbody, Names.tfoot, Names.thead:
          stack[nearest].templateMode = .table
        case Names.col: stack[nearest].templateMode = .columnGroup
        case Names.tr: stack[nearest].templateMode = .tableBody
        case Names.td, Names.th: stack[nearest].templateMode = .row
        case Names.base, Names.basefont, Names.bgsound, Names.link, Names.meta, Names.noframes,
          Names.script, Names.style, Names.template, Names.title:
          bodyStartTag(tag)
          return
        default: stack[nearest].templateMode = .body
        }
      }
      startTag(tag)
    case .body: bodyStartTag(tag)
    case .table: tableStartTag(tag)
    case .tableBody: tableBodyStartTag(tag)
    case .row: rowStartTag(tag)
    case .cell:
      if has(tag.name, .tableParts) {
        reprocess(tag, afterClosing: closeCell())
      } else {
        bodyStartTag(tag)
      }
    case .caption:
      if has(tag.name, .tableParts) {
        reprocess(tag, afterClosing: closeCaption())
      } else {
        bodyStartTag(tag)
      }
    case .columnGroup:
      if tag.name == Names.col { return }
      if tag.name == Names.template {
        pushTemplate()
        return
      }
      if let top = stack.last, top.name == Names.colgroup, top.space == .html {
        popOne()
        startTag(tag)
      }
    case .select, .selectInTable: selectStartTag(tag, inTable: mode == .selectInTable)
    }
  }

  /// Whether a start tag under a foreign element follows the HTML rules (integration points).
  private func htmlRulesApply(to tag: Tag, under top: Entry) -> Bool {
    if top.space == .math {
      if has(top.name, .mathTextIntegration) {
        return tag.name != Names.mglyph && tag.name != Names.malignmark
      }
      if top.name == Names.annotationXML { return tag.name == Names.svg || top.htmlIntegration }
      return false
    }
    return has(top.name, .svgHTMLIntegration)
  }

  private mutating func foreignStartTag(_ tag: Tag) {
    let top = stack[stack.count - 1]
    if has(tag.name, .foreignBreakout) || (tag.name == Names.font && tag.fontBreakout) {
      // Pop to an HTML element or an integration point, then follow the HTML rules.
      while let current = stack.last, current.space != .html,
        !(current.space == .math && has(current.name, .mathTextIntegration)),
        !isHTMLIntegration(current)
      {
        popOne()
      }
      startTag(tag)
      return
    }
    if tag.encoding == 2, tag.name == Names.annotationXML, top.space == .math {
      becomeCoarse()
      return
    }
    if has(tag.name, .modeSetting) {
      crashesParser = true
      stopped = true
      return
    }
    if !tag.selfClosing {
      push(foreignName(tag), top.space, htmlIntegration: tag.encoding == 1)
    }
  }

  private func isHTMLIntegration(_ entry: Entry) -> Bool {
    switch entry.space {
    case .html: false
    case .svg: has(entry.name, .svgHTMLIntegration)
    case .math: entry.name == Names.annotationXML && entry.htmlIntegration
    }
  }

  private mutating func bodyStartTag(_ tag: Tag) {
    let name = tag.name
    if has(name, .headings) {
      closeP()
      if let top = stack.last, top.categories.contains(.heading) {
        if mayReconstruct || isUncertain(stack.count - 1) {
          markUncertain(from: stack.count - 1)
        } else {
          popOne()
        }
      }
      push(name, .html)
      return
    }
    switch name {
    case Names.html, Names.body, Names.head, Names.caption, Names.col, Names.colgroup,
      Names.frame, Names.tbody, Names.td, Names.tfoot, Names.th, Names.thead, Names.tr:
      return
    case Names.frameset, Names.isindex:
      becomeCoarse()
    case Names.form:
      let template = positions[Names.key(Names.template, .html)]?.isEmpty == false
      if template { formPointer = .unknown }
      switch formPointer {
      case .set:
        // The parser ignores it.
        return
      case .unknown:
        closeP()
        push(name, .html, uncertain: true)
      case .unset:
        closeP()
        push(name, .html)
        formPointer = .set
      }
    case Names.li:
      closeListItem(matching: [Names.li])
      closeP()
      push(name, .html)
    case Names.dd, Names.dt:
      closeListItem(matching: [Names.dd, Names.dt])
      closeP()
      push(name, .html)
    case Names.plaintext:
      closeP()
      push(name, .html)
      text(bytes.count - index)
      index = bytes.count
    case Names.button:
      if let button = inScope(Names.key(Names.button, .html), \.scope) { _ = popTo(button) }
      push(name, .html)
    case Names.a:
      if formattingInScope(Names.a) { adoptionAgency(Names.a) }
      pushFormatting(tag)
    case Names.nobr:
      if inScope(Names.key(Names.nobr, .html), \.scope) != nil { adoptionAgency(Names.nobr) }
      pushFormatting(tag)
    case Names.table:
      // A table closes an open `<p>` only outside quirks mode, which the DOCTYPE decides.
      if let p = inScope(Names.key(Names.p, .html), \.buttonScope) { markUncertain(from: p) }
      push(name, .html)
    case Names.optgroup, Names.option:
      if let top = stack.last, top.name == Names.option, top.space == .html {
        if mayReconstruct || isUncertain(stack.count - 1) {
          markUncertain(from: stack.count - 1)
        } else {
          popOne()
        }
      }
      push(name, .html)
    case Names.rb, Names.rtc, Names.rp, Names.rt:
      // Implied end tags close ruby parts here; the model keeps them, uncertain.
      if inScope(Names.key(Names.ruby, .html), \.scope) != nil {
        let low = impliedRunStart()
        if low < stack.count { markUncertain(from: low) }
      }
      push(name, .html)
    case Names.math, Names.svg:
      if !tag.selfClosing { push(name, name == Names.svg ? .svg : .math) }
    case Names.template:
      pushTemplate()
    case Names.select:
      let inTable = [.table, .caption, .tableBody, .row, .cell].contains(mode)
      push(name, .html)
      stack[stack.count - 1].selectInTable = inTable
    case Names.noscript where inHead:
      // In the head, the parser closes a noscript at the first tag a head does not hold.
      push(name, .html, uncertain: true)
    default:
      if has(name, .formatting) {
        pushFormatting(tag)
        return
      }
      if has(name, .void) {
        if name == Names.hr { closeP() }
        return
      }
      if has(name, .closesP) { closeP() }
      push(name, .html)
      startRawText(name)
    }
  }

  private mutating func startRawText(_ name: Int) {
    switch rawText(name) {
    case .script?: skipScript()
    case .text(let element)?: skipRawText(element)
    case nil: return
    }
    // The parser's text mode pops the element at its end tag, whatever the insertion mode.
    if index + 2 < bytes.count {
      let tag = readTag(from: index + 2)
      addWork(tagWork(tag))
      popOne()
    }
  }

  private mutating func pushTemplate() {
    push(Names.template, .html)
  }

  private mutating func pushFormatting(_ tag: Tag) {
    sequence += 1
    push(tag.name, .html, sequence: sequence)
  }

  private mutating func tableStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case Names.caption:
      clearBack(to: .tableContext)
      push(name, .html)
    case Names.colgroup, Names.col:
      clearBack(to: .tableContext)
      push(Names.colgroup, .html)
    case Names.tbody, Names.thead, Names.tfoot:
      clearBack(to: .tableContext)
      push(name, .html)
    case Names.td, Names.th, Names.tr:
      clearBack(to: .tableContext)
      push(Names.tbody, .html)
      startTag(tag)
    case Names.table:
      reprocess(
        tag, afterClosing: inScope(Names.key(Names.table, .html), \.tableScope).map { popTo($0) })
    case Names.style, Names.script:
      push(name, .html)
      startRawText(name)
    case Names.template:
      pushTemplate()
    case Names.input:
      return
    case Names.form:
      // Inserted and popped at once, when the parser takes it.
      if positions[Names.key(Names.template, .html)]?.isEmpty == false {
        formPointer = .unknown
      } else if formPointer == .unset {
        formPointer = .set
      }
    default:
      bodyStartTag(tag)
    }
  }

  private mutating func tableBodyStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case Names.tr:
      clearBack(to: .tableBodyContext)
      push(name, .html)
    case Names.td, Names.th:
      clearBack(to: .tableBodyContext)
      push(Names.tr, .html)
      startTag(tag)
    case Names.caption, Names.col, Names.colgroup, Names.tbody, Names.tfoot, Names.thead:
      if sectionInTableScope() != nil {
        clearBack(to: .tableBodyContext)
        popOne()
        startTag(tag)
      }
    default:
      tableStartTag(tag)
    }
  }

  private mutating func rowStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case Names.td, Names.th:
      clearBack(to: .rowContext)
      push(name, .html)
    case Names.caption, Names.col, Names.colgroup, Names.tbody, Names.tfoot, Names.thead, Names.tr:
      if inScope(Names.key(Names.tr, .html), \.tableScope) != nil {
        clearBack(to: .rowContext)
        popOne()
        startTag(tag)
      }
    default:
      tableStartTag(tag)
    }
  }

  private mutating func selectStartTag(_ tag: Tag, inTable: Bool) {
    let name = tag.name
    if inTable, has(name, .tablePartsAndTable) {
      reprocess(tag, afterClosing: selectInSelectScope().map { popTo($0) })
      return
    }
    switch name {
    case Names.option:
      if let top = stack.last, top.name == Names.option, top.space == .html { popOne() }
      push(name, .html)
    case Names.optgroup:
      if let top = stack.last, top.name == Names.option, top.space == .html { popOne() }
      if let top = stack.last, top.name == Names.optgroup, top.space == .html { popOne() }
      push(name, .html)
    case Names.select:
      if let select = selectInSelectScope() { _ = popTo(select) }
    case Names.input, Names.keygen, Names.textarea:
      reprocess(tag, afterClosing: selectInSelectScope().map { popTo($0) })
    case Names.script:
      push(name, .html)
      startRawText(name)
    case Names.template:
      pushTemplate()
    default:
      return
    }
  }

  // MARK: End tags

  private mutating func endTag(_ tag: Tag) {
    let name = tag.name
    // In the head modes the parser ignores end tags other than these.
    if inHead, name == Names.body || name == Names.html || name == Names.br || name == Names.head {
      inHead = false
    }
    if let top = stack.last, top.space != .html {
      // Foreign content: the nearest foreign element of that name, above every HTML element,
      // closes; otherwise the HTML rules apply.
      let html = htmlEntries.last ?? -1
      let foreign = foreignName(tag)
      let svg = positions[Names.key(foreign, .svg)]?.last ?? -1
      let math = positions[Names.key(foreign, .math)]?.last ?? -1
      let target = max(svg, math)
      if target > html {
        if mayReconstruct {
          // A reconstructed formatting element (HTML) may stand above it on the parser's stack
          // and end the parser's search.
          markUncertain(from: target)
        } else {
          _ = popTo(target)
        }
        return
      }
    }
    guard let mode else {
      // The parser's mode is uncertain: it may pop down to an element of that name.
      var low = positions[Names.key(name, .html)]?.first ?? stack.count
      if has(name, .headings), let heading = headings.first { low = min(low, heading) }
      if has(name, .formatting), let pending = firstPendingInSegment(name) {
        low = min(low, lowestSince(pending))
      }
      markUncertain(from: low)
      return
    }
    switch mode {
    case .body, .template: bodyEndTag(name)
    case .table: tableEndTag(name)
    case .tableBody:
      switch name {
      case Names.tbody, Names.tfoot, Names.thead:
        if inScope(Names.key(name, .html), \.tableScope) != nil {
          clearBack(to: .tableBodyContext)
          popOne()
        }
      case Names.table:
        if sectionInTableScope() != nil {
          clearBack(to: .tableBodyContext)
          popOne()
          endTag(tag)
        }
      case Names.body, Names.caption, Names.col, Names.colgroup, Names.html, Names.td, Names.th,
        Names.tr:
        return
      default: tableEndTag(name)
      }
    case .row:
      switch name {
      case Names.tr:
        if inScope(Names.key(Names.tr, .html), \.tableScope) != nil {
          clearBack(to: .rowContext)
          popOne()
        }
      case Names.table, Names.tbody, Names.tfoot, Names.thead:
        if name != Names.table, inScope(Names.key(name, .html), \.tableScope) == nil { return }
        if inScope(Names.key(Names.tr, .html), \.tableScope) != nil {
          clearBack(to: .rowContext)
          popOne()
          endTag(tag)
        }
      case Names.body, Names.caption, Names.col, Names.colgroup, Names.html, Names.td, Names.th:
        return
      default: tableEndTag(name)
      }
    case .cell:
      switch name {
      case Names.td, Names.th:
        if let cell = inScope(Names.key(name, .html), \.tableScope), popTo(cell) {
          clearToLastMarker()
        }
      case Names.body, Names.caption, Names.col, Names.colgroup, Names.html:
        return
      case Names.table, Names.tbody, Names.tfoot, Names.thead, Names.tr:
        if inScope(Names.key(name, .html), \.tableScope) != nil, closeCell() == true {
          endTag(tag)
        }
      default: bodyEndTag(name)
      }
    case .caption:
      switch name {
      case Names.caption:
        _ = closeCaption()
      case Names.table:
        if closeCaption() == true { endTag(tag) }
      case Names.body, Names.col, Names.colgroup, Names.html, Names.tbody, Names.td, Names.tfoot,
        Names.th, Names.thead, Names.tr:
        return
      default: bodyEndTag(name)
      }
    case .columnGroup:
      switch name {
      case Names.colgroup:
        if let top = stack.last, top.name == Names.colgroup, top.space == .html { popOne() }
      case Names.col: return
      case Names.template: bodyEndTag(name)
      default:
        if let top = stack.last, top.name == Names.colgroup, top.space == .html {
          popOne()
          endTag(tag)
        }
      }
    case .select, .selectInTable:
      if mode == .selectInTable, has(name, .tablePartsAndTable) {
        if inScope(Names.key(name, .html), \.tableScope) != nil, let select = selectInSelectScope(),
          popTo(select)
        {
          endTag(tag)
        }
        return
      }
      switch name {
      case Names.optgroup:
        if stack.count >= 2, stack[stack.count - 1].name == Names.option,
          stack[stack.count - 2].name == Names.optgroup
        {
          popOne()
        }
        if let top = stack.last, top.name == Names.optgroup, top.space == .html { popOne() }
      case Names.option:
        if let top = stack.last, top.name == Names.option, top.space == .html { popOne() }
      case Names.select:
        if let select = selectInSelectScope() { _ = popTo(select) }
      case Names.template: bodyEndTag(name)
      default: return
      }
    }
  }

  private mutating func tableEndTag(_ name: Int) {
    switch name {
    case Names.table:
      if let table = inScope(Names.key(Names.table, .html), \.tableScope) { _ = popTo(table) }
    case Names.body, Names.caption, Names.col, Names.colgroup, Names.html, Names.tbody, Names.td,
      Names.tfoot, Names.th, Names.thead, Names.tr:
      return
    default:
      bodyEndTag(name)
    }
  }

  private mutating func bodyEndTag(_ name: Int) {
    switch name {
    case Names.body, Names.html, Names.br:
      return
    case Names.template:
      if let template = positions[Names.key(Names.template, .html)]?.last, popTo(template) {
        clearToLastMarker()
      }
    case Names.form:
      let template = positions[Names.key(Names.template, .html)]?.isEmpty == false
      if template { formPointer = .unknown }
      guard let lowestForm = positions[Names.key(Names.form, .html)]?.first else { return }
      switch formPointer {
      case .unset:
        return
      case .unknown:
        // The parser may close implied end tags and remove a form from anywhere.
        markUncertain(from: min(lowestForm, impliedRunStart()))
      case .set:
        formPointer = .unset
        // In scope, the parser closes implied end tags, then removes the form it points to (the
        // model's last form) wherever it stands; the model pops it from the top only.
        guard let form = inScope(Names.key(Names.form, .html), \.scope) else { return }
        generateImpliedEndTags()
        if form == stack.count - 1, !mayReconstruct, !isUncertain(form) {
          popOne()
        } else {
          markUncertain(from: form, through: form)
        }
      }
    case Names.p:
      if let p = inScope(Names.key(Names.p, .html), \.buttonScope) { _ = popTo(p) }
    case Names.li:
      if let li = inScope(Names.key(Names.li, .html), \.listScope) { _ = popTo(li) }
    case Names.dd, Names.dt:
      if let item = inScope(Names.key(name, .html), \.scope) { _ = popTo(item) }
    case _ where has(name, .headings):
      let heading = headings.last ?? -1
      if heading >= 0, heading > (scope.last ?? -1) {
        _ = popTo(heading)
      } else if heading >= 0, let boundary = scope.last, isUncertain(boundary) {
        markUncertain(from: heading)
      }
    case Names.caption, Names.col, Names.colgroup, Names.frame, Names.head, Names.tbody, Names.td,
      Names.tfoot, Names.th, Names.thead, Names.tr:
      return
    default:
      if has(name, .formatting) {
        adoptionAgency(name)
      } else if name == Names.applet || name == Names.object || name == Names.marquee {
        // Gumbo looks for these in table scope.
        if let element = inScope(Names.key(name, .html), \.tableScope), popTo(element) {
          clearToLastMarker()
        }
      } else if has(name, .closedInScope) {
        if let element = inScope(Names.key(name, .html), \.scope) { _ = popTo(element) }
      } else {
        anyOtherEndTag(name)
      }
    }
  }

  /// "Any other end tag": the topmost element of that name closes when no special element stands
  /// above it.
  private mutating func anyOtherEndTag(_ name: Int) {
    guard let target = positions[Names.key(name, .html)]?.last else { return }
    let blocker = special.last ?? -1
    if blocker <= target {
      _ = popTo(target)
    } else if isUncertain(blocker) {
      markUncertain(from: lowest(Names.key(name, .html)))
    }
  }

  /// The adoption agency algorithm, as far as the stack's size goes: it never adds to the stack.
  private mutating func adoptionAgency(_ name: Int) {
    let key = Names.key(name, .html)
    let marker = markers.last?.sequence ?? 0
    let onStack = positions[key]?.last.flatMap { stack[$0].sequence > marker ? $0 : nil }
    let inPending = firstPendingInSegment(name)
    guard onStack != nil || inPending != nil else {
      anyOtherEndTag(name)
      return
    }
    if let inPending {
      // The parser's formatting element may be one the model keeps pending, maybe reconstructed
      // on its stack: the parser may pop what stands above it, or only forget it. The model
      // keeps it counted and marks what the parser may pop.
      markUncertain(from: min(lowestSince(inPending), onStack ?? .max))
      return
    }
    guard let target = onStack else { return }
    let boundary = scope.last ?? -1
    if boundary > target {
      if isUncertain(boundary) { markUncertain(from: target) }
      return
    }
    if target == stack.count - 1 {
      if mayReconstruct || isUncertain(target) {
        markUncertain(from: target)
      } else {
        popOne(keepingFormatting: false)
      }
      return
    }
    if (special.last ?? -1) > target {
      // A furthest block: the parser moves elements around it without adding any.
      markUncertain(from: target)
      return
    }
    if isUncertain(target) {
      markUncertain(from: target)
      return
    }
    while stack.count - 1 > target { popOne() }
    popOne(keepingFormatting: false)
  }

  private func formattingInScope(_ name: Int) -> Bool {
    let marker = markers.last?.sequence ?? 0
    if let onStack = positions[Names.key(name, .html)]?.last, stack[onStack].sequence > marker {
      return true
    }
    return firstPendingInSegment(name) != nil
  }

  /// The first pending entry of `name` that came after the last marker in the list (pending
  /// entries are in the order they were popped; the list's order is their creation order).
  private func firstPendingInSegment(_ name: Int) -> Int? {
    guard let list = pendingByName[name], let last = list.last else { return nil }
    let segment = pendingSegmentStart
    guard last >= segment else { return nil }
    var low = 0
    var high = list.count - 1
    while low < high {
      let middle = (low + high) / 2
      if list[middle] >= segment {
        high = middle
      } else {
        low = middle + 1
      }
    }
    let markerSequence = markers.last?.sequence ?? 0
    for position in list[low...] where pending[position].sequence > markerSequence {
      return list[low]
    }
    return nil
  }

  // MARK: Closing

  /// Where the run of elements with implied end tags at the top of the stack starts.
  private func impliedRunStart() -> Int {
    var low = stack.count
    while low > 0, stack[low - 1].space == .html, has(stack[low - 1].name, .impliedEnd) {
      low -= 1
    }
    return low
  }

  /// Pops elements with implied end tags (`p`, `li`, `option`…) from the top, as the parser does;
  /// when the parser's current node may differ (an uncertain one, a reconstructed formatting
  /// element), marks the run uncertain instead.
  private mutating func generateImpliedEndTags() {
    while let top = stack.last, top.space == .html, has(top.name, .impliedEnd) {
      if mayReconstruct || isUncertain(stack.count - 1) {
        markUncertain(from: impliedRunStart())
        return
      }
      popOne()
    }
  }

  /// Closes an open `<p>` in button scope.
  private mutating func closeP() {
    if let p = inScope(Names.key(Names.p, .html), \.buttonScope) { _ = popTo(p) }
  }

  /// `<li>`, `<dd>` and `<dt>` close the nearest open one of `names` unless a special element
  /// other than `address`, `div` and `p` stands above it.
  private mutating func closeListItem(matching names: [Int]) {
    guard let nearest = specialExceptADP.last else { return }
    let entry = stack[nearest]
    if entry.space == .html, names.contains(entry.name) {
      _ = popTo(nearest)
    } else if isUncertain(nearest) {
      // The parser may not have that element, and close one further down.
      let lowest = names.compactMap { positions[Names.key($0, .html)]?.first }.min()
      if let lowest { markUncertain(from: lowest) }
    }
  }

  /// Closes the current table cell: nil when none is in table scope, false when it may not be
  /// on the parser's stack.
  private mutating func closeCell() -> Bool? {
    let td = inScope(Names.key(Names.td, .html), \.tableScope) ?? -1
    let th = inScope(Names.key(Names.th, .html), \.tableScope) ?? -1
    let cell = max(td, th)
    guard cell >= 0 else { return nil }
    guard popTo(cell) else { return false }
    clearToLastMarker()
    return true
  }

  /// A start tag the parser handles again once an element closed: ignored when nothing closed
  /// (nil), counted without a certain place when the model could not close it (false).
  private mutating func reprocess(_ tag: Tag, afterClosing closed: Bool?) {
    switch closed {
    case nil: return
    case true?: startTag(tag)
    case false?:
      // Raw text, a tag that adds several elements (`<td>` may add a tbody and a tr) or a
      // frameset: the model cannot follow both ways.
      if rawText(tag.name) != nil || tag.name == Names.plaintext || has(tag.name, .tableParts)
        || tag.name == Names.isindex || tag.name == Names.frameset
      {
        becomeCoarse()
      } else if !has(tag.name, .void) {
        push(tag.name, .html, uncertain: true)
      }
    }
  }

  /// Closes the caption: nil when none is in table scope, false when it may not be on the
  /// parser's stack.
  private mutating func closeCaption() -> Bool? {
    guard let caption = inScope(Names.key(Names.caption, .html), \.tableScope) else { return nil }
    guard popTo(caption) else { return false }
    clearToLastMarker()
    return true
  }

  private mutating func sectionInTableScope() -> Int? {
    var found: Int?
    for name in [Names.tbody, Names.thead, Names.tfoot] {
      if let section = inScope(Names.key(name, .html), \.tableScope) {
        found = max(found ?? section, section)
      }
    }
    return found
  }

  private func selectInSelectScope() -> Int? {
    guard let select = positions[Names.key(Names.select, .html)]?.last,
      notOption.last == select
    else { return nil }
    return select
  }

  /// Pops entries while the top is not one of `names` (the table, table body and row contexts).
  private mutating func clearBack(to context: Names.Flag) {
    while let top = stack.last, !(top.space == .html && has(top.name, context)) { popOne() }
  }

  /// The position of the topmost entry of `key`, when no boundary of the scope stands above it.
  /// When one does and it may not be on the parser's stack, the entries from the lowest entry of
  /// `key` up are marked uncertain, since the parser may close them.
  private mutating func inScope(_ key: Int, _ boundaries: KeyPath<NestingModel, [Int]>) -> Int? {
    guard let target = positions[key]?.last else { return nil }
    let boundary = self[keyPath: boundaries].last ?? -1
    if boundary <= target { return target }
    if isUncertain(boundary) { markUncertain(from: lowest(key)) }
    return nil
  }

  private func lowest(_ key: Int) -> Int { positions[key]?.first ?? stack.count }

  /// Pops entries down to and including `target`, when the parser surely does too: `target` is
  /// the top, or certain. Otherwise marks the entries from `target` up uncertain; false then.
  private mutating func popTo(_ target: Int) -> Bool {
    guard target < stack.count else { return false }
    if target != stack.count - 1, isUncertain(target) {
      markUncertain(from: lowest(stack[target].key))
      return false
    }
    while stack.count > target { popOne() }
    return true
  }

  private mutating func becomeCoarse() {
    coarse = true
    coarseDepth = depth + 3
    record(coarseDepth)
  }

  // MARK: Pushing and popping

  private mutating func push(
    _ name: Int, _ space: Space, uncertain: Bool = false, htmlIntegration: Bool = false,
    sequence: Int = 0
  ) {
    let position = stack.count
    var entry = Entry(
      name: name, space: space, key: Names.key(name, space),
      sequence: sequence, htmlIntegration: htmlIntegration)
    entry.categories =
      space == .html && name < htmlCategories.count
      ? htmlCategories[name] : Names.categories(name, space)
    if entry.categories.contains(.marker) {
      if !uncertain {
        self.sequence += 1
        markers.append((pending.count, pendingLive, self.sequence))
      }
    }
    stack.append(entry)
    positions.append(position, at: entry.key)
    let categories = entry.categories
    if categories.contains(.special) { special.append(position) }
    if categories.contains(.specialExceptADP) { specialExceptADP.append(position) }
    if categories.contains(.scope) { scope.append(position) }
    if categories.contains(.listScope) { listScope.append(position) }
    if categories.contains(.buttonScope) { buttonScope.append(position) }
    if categories.contains(.tableScope) { tableScope.append(position) }
    if categories.contains(.notOption) { notOption.append(position) }
    if categories.contains(.heading) { headings.append(position) }
    if categories.contains(.htmlSpace) { htmlEntries.append(position) }
    if categories.contains(.mode) { modes.append(position) }
    if uncertain { markUncertain(from: position) }
    record(depth)
  }

  /// Pops the top entry. A formatting element stays in the list of active formatting elements
  /// (it may be reconstructed) unless `keepingFormatting` is false; a marker ends its scope.
  private mutating func popOne(keepingFormatting: Bool = true) {
    guard let entry = stack.popLast() else { return }
    let position = stack.count
    positions.removeLast(at: entry.key)
    let categories = entry.categories
    if categories.contains(.special) { special.removeLast() }
    if categories.contains(.specialExceptADP) { specialExceptADP.removeLast() }
    if categories.contains(.scope) { scope.removeLast() }
    if categories.contains(.listScope) { listScope.removeLast() }
    if categories.contains(.buttonScope) { buttonScope.removeLast() }
    if categories.contains(.tableScope) { tableScope.removeLast() }
    if categories.contains(.notOption) { notOption.removeLast() }
    if categories.contains(.heading) { headings.removeLast() }
    if categories.contains(.htmlSpace) { htmlEntries.removeLast() }
    if categories.contains(.mode) { modes.removeLast() }
    if let last = lowWater.last, last.height > position {
      var first = last.index
      while let run = lowWater.last, run.height > position {
        first = run.index
        lowWater.removeLast()
      }
      lowWater.append((first, position))
    }
    while let last = uncertain.last, last.high >= position {
      if last.low >= position {
        uncertain.removeLast()
      } else {
        uncertain[uncertain.count - 1].high = position - 1
      }
    }
    if entry.sequence > 0, keepingFormatting {
      addPending(entry)
    }
    record(depth)
  }

  // MARK: Uncertainty

  private func isUncertain(_ position: Int) -> Bool {
    var low = 0
    var high = uncertain.count
    while low < high {
      let middle = (low + high) / 2
      if uncertain[middle].high < position {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < uncertain.count && uncertain[low].low <= position
  }

  /// Marks the positions from `low` through `through` (the top when nil) uncertain.
  private mutating func markUncertain(from low: Int, through: Int? = nil) {
    let high = through ?? (stack.count - 1)
    guard low <= high, low >= 0 else { return }
    if through == nil {
      // The common case: a range reaching the top absorbs every range above its start.
      var start = low
      while let last = uncertain.last, last.high >= low - 1 {
        start = min(start, last.low)
        uncertain.removeLast()
      }
      uncertain.append((start, high))
      return
    }
    // A single entry in the middle (a form the parser removes from where it stands).
    var insertAt = uncertain.count
    while insertAt > 0, uncertain[insertAt - 1].low > high { insertAt -= 1 }
    if insertAt > 0, uncertain[insertAt - 1].high >= low { return }
    uncertain.insert((low, high), at: insertAt)
  }

  // MARK: Pending formatting elements

  private var pendingSegmentStart: Int {
    markers.last?.pendingMark ?? 0
  }

  private mutating func addPending(_ entry: Entry) {
    let position = pending.count
    lowWater.append((position, stack.count))
    pending.append((entry.name, entry.sequence))
    pendingLive += 1
    pendingByName[entry.name, default: []].append(position)
  }

  private mutating func removePending(_ position: Int) {
    let item = pending[position]
    guard item.name >= 0 else { return }
    pending[position].name = -1
    pendingLive -= 1
    if let at = pendingByName[item.name]?.lastIndex(of: position) {
      pendingByName[item.name]?.remove(at: at)
    }
  }

  /// Clears the list of active formatting elements back to its last marker, as the parser does
  /// when it closes a cell, a caption, a template, an applet, an object or a marquee.
  private mutating func clearToLastMarker() {
    guard let marker = markers.popLast() else { return }
    // Entries created before the marker stay in the list, though popped after it was set.
    guard pending.count - marker.pendingMark <= 4_096 else {
      becomeCoarse()
      return
    }
    for position in marker.pendingMark..<pending.count
    where pending[position].name >= 0 && pending[position].sequence > marker.sequence {
      removePending(position)
    }
    while let last = pending.last, last.name < 0 { dropLastPending() }
  }

  private mutating func dropLastPending() {
    let position = pending.count - 1
    if pending[position].name >= 0 { removePending(position) }
    pending.removeLast()
    if let last = lowWater.last, last.index == position { lowWater.removeLast() }
  }

  /// The lowest the stack has been since pending entry `position` was popped: where the parser
  /// may have reconstructed it since.
  private func lowestSince(_ position: Int) -> Int {
    var low = 0
    var high = lowWater.count
    while low < high {
      let middle = (low + high) / 2
      if lowWater[middle].index <= position {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low > 0 ? lowWater[low - 1].height : 0
  }
}

// MARK: - Bytes and names

/// The positions of each name's entries, by key (name and namespace): an array for HTML names
/// gumbo knows, a dictionary for the rest.
private struct PositionTable {
  private var html: [[Int]]
  private var other: [Int: [Int]] = [:]

  init(count: Int) { html = Array(repeating: [], count: count) }

  subscript(key: Int) -> [Int]? {
    if key & 3 == 0, key >> 2 < html.count {
      let list = html[key >> 2]
      return list.isEmpty ? nil : list
    }
    return other[key]
  }

  mutating func append(_ position: Int, at key: Int) {
    if key & 3 == 0, key >> 2 < html.count {
      html[key >> 2].append(position)
    } else {
      other[key, default: []].append(position)
    }
  }

  mutating func removeLast(at key: Int) {
    if key & 3 == 0, key >> 2 < html.count {
      html[key >> 2].removeLast()
    } else {
      other[key]?.removeLast()
    }
  }
}

private enum NestingSpace: Int { case html = 0, svg = 1, math = 2 }

/// What an element is to the tree builder's rules, kept per element so that each category's
/// positions can be kept in a stack of its own.
private struct NestingCategories: OptionSet {
  let rawValue: UInt16
  static let special = NestingCategories(rawValue: 1)
  static let specialExceptADP = NestingCategories(rawValue: 2)
  static let scope = NestingCategories(rawValue: 4)
  static let listScope = NestingCategories(rawValue: 8)
  static let buttonScope = NestingCategories(rawValue: 16)
  static let tableScope = NestingCategories(rawValue: 32)
  static let notOption = NestingCategories(rawValue: 64)
  static let heading = NestingCategories(rawValue: 128)
  static let htmlSpace = NestingCategories(rawValue: 256)
  static let mode = NestingCategories(rawValue: 512)
  static let marker = NestingCategories(rawValue: 1024)
}

private enum Byte {
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let bang = UInt8(ascii: "!")
  static let slash = UInt8(ascii: "/")
  static let dash = UInt8(ascii: "-")
  static let question = UInt8(ascii: "?")
  static let equals = UInt8(ascii: "=")
  static let quote = UInt8(ascii: "'")
  static let doubleQuote = UInt8(ascii: "\"")
  static let ampersand = UInt8(ascii: "&")

  static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// HTML5's whitespace in tags: tab, line feed, form feed, carriage return (a line feed once
  /// the input is normalised) and space.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D || byte == 0x20
  }

  static func lowercased(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
  }
}

/// Element names as small numbers: gumbo's own tag list, then names it does not know. In the HTML
/// namespace every unknown name is ``unknown`` (gumbo closes any of them with any unknown end
/// tag); foreign elements keep their own (gumbo compares their names).
private enum Names {
  /// Gumbo 0.10.1's tags (`src/tag.in`), in its order.
  static let gumboTags = [
    "html", "head", "title", "base", "link", "meta", "style", "script", "noscript", "template",
    "body", "article", "section", "nav", "aside", "h1", "h2", "h3", "h4", "h5", "h6", "hgroup",
    "header", "footer", "address", "p", "hr", "pre", "blockquote", "ol", "ul", "li", "dl", "dt",
    "dd", "figure", "figcaption", "main", "div", "a", "em", "strong", "small", "s", "cite", "q",
    "dfn", "abbr", "data", "time", "code", "var", "samp", "kbd", "sub", "sup", "i", "b", "u",
    "mark", "ruby", "rt", "rp", "bdi", "bdo", "span", "br", "wbr", "ins", "del", "image", "img",
    "iframe", "embed", "object", "param", "video", "audio", "source", "track", "canvas", "map",
    "area", "math", "mi", "mo", "mn", "ms", "mtext", "mglyph", "malignmark", "annotation-xml",
    "svg", "foreignobject", "desc", "table", "caption", "colgroup", "col", "tbody", "thead",
    "tfoot", "tr", "td", "th", "form", "fieldset", "legend", "label", "input", "button", "select",
    "datalist", "optgroup", "option", "textarea", "keygen", "output", "progress", "meter",
    "details", "summary", "menu", "menuitem", "applet", "acronym", "bgsound", "dir", "frame",
    "frameset", "noframes", "isindex", "listing", "xmp", "nextid", "noembed", "plaintext", "rb",
    "strike", "basefont", "big", "blink", "center", "font", "marquee", "multicol", "nobr",
    "spacer", "tt", "rtc",
  ]

  /// A tag name as read (lower case): its first sixteen bytes packed, and the rest when longer.
  struct Key: Hashable {
    var low: UInt64 = 0
    var high: UInt64 = 0
    var count = 0
    var rest: [UInt8]?

    mutating func append(_ byte: UInt8) {
      if count < 8 {
        low |= UInt64(byte) << UInt64(8 * count)
      } else if count < 16 {
        high |= UInt64(byte) << UInt64(8 * (count - 8))
      } else if rest == nil {
        rest = [byte]
      } else {
        rest!.append(byte)
      }
      count += 1
    }
  }

  static let known: [Key: Int] = {
    var table: [Key: Int] = [:]
    for (offset, name) in gumboTags.enumerated() {
      var key = Key()
      for byte in name.utf8 { key.append(byte) }
      table[key] = offset + 1
    }
    return table
  }()

  static let unknown = 0
  /// Foreign elements of names gumbo does not know get numbers from here on, per page.
  static let firstForeign = 1_000

  private static func id(_ name: String) -> Int {
    var key = Key()
    for byte in name.utf8 { key.append(byte) }
    return known[key] ?? unknown
  }

  static func key(_ name: Int, _ space: NestingSpace) -> Int {
    name &* 4 &+ space.rawValue
  }

  static let html = 1  // html
  static let head = 2  // head
  static let body = 11  // body
  static let title = 3  // title
  static let style = 7  // style
  static let script = 8  // script
  static let template = 10  // template
  static let p = 26  // p
  static let hr = 27  // hr
  static let li = 32  // li
  static let dd = 35  // dd
  static let dt = 34  // dt
  static let a = 40  // a
  static let nobr = 147  // nobr
  static let font = 144  // font
  static let br = 67  // br
  static let form = 106  // form
  static let button = 111  // button
  static let table = 96  // table
  static let caption = 97  // caption
  static let colgroup = 98  // colgroup
  static let col = 99  // col
  static let tbody = 100  // tbody
  static let thead = 101  // thead
  static let tfoot = 102  // tfoot
  static let tr = 103  // tr
  static let td = 104  // td
  static let th = 105  // th
  static let select = 112  // select
  static let option = 115  // option
  static let optgroup = 114  // optgroup
  static let input = 110  // input
  static let keygen = 117  // keygen
  static let textarea = 116  // textarea
  static let plaintext = 137  // plaintext
  static let frame = 129  // frame
  static let frameset = 130  // frameset
  static let isindex = 132  // isindex
  static let ruby = 61  // ruby
  static let rb = 138  // rb
  static let rtc = 150  // rtc
  static let rp = 63  // rp
  static let rt = 62  // rt
  static let math = 84  // math
  static let svg = 93  // svg
  static let mglyph = 90  // mglyph
  static let malignmark = 91  // malignmark
  static let annotationXML = 92  // annotation-xml
  static let headings = Flag.headings
  static let noscript = 9  // noscript
  static let applet = 125  // applet
  static let object = 75  // object
  static let marquee = 145  // marquee
  static let base = 4  // base
  static let basefont = 140  // basefont
  static let bgsound = 127  // bgsound
  static let link = 5  // link
  static let meta = 6  // meta
  static let noframes = 131  // noframes

  /// Which of the rules' lists each known name is on.
  struct Flag: OptionSet {
    let rawValue: UInt32
    static let headings = Flag(rawValue: 1 << 0)
    static let headContent = Flag(rawValue: 1 << 1)
    static let tableParts = Flag(rawValue: 1 << 2)
    static let tablePartsAndTable = Flag(rawValue: 1 << 3)
    static let tableContext = Flag(rawValue: 1 << 4)
    static let void = Flag(rawValue: 1 << 5)
    static let closesP = Flag(rawValue: 1 << 6)
    static let closedInScope = Flag(rawValue: 1 << 7)
    static let impliedEnd = Flag(rawValue: 1 << 8)
    static let specialHTML = Flag(rawValue: 1 << 9)
    static let mathTextIntegration = Flag(rawValue: 1 << 10)
    static let svgHTMLIntegration = Flag(rawValue: 1 << 11)
    static let foreignBreakout = Flag(rawValue: 1 << 12)
    static let defaultScopeHTML = Flag(rawValue: 1 << 13)
    static let modeSetting = Flag(rawValue: 1 << 14)
    static let markerNames = Flag(rawValue: 1 << 15)
    static let tableBodyContext = Flag(rawValue: 1 << 16)
    static let rowContext = Flag(rawValue: 1 << 17)
    static let formatting = Flag(rawValue: 1 << 18)
  }

  /// The flags of each name, by number (unknown and foreign-only names have none).
  static let flags: [Flag] = {
    var table = [Flag](repeating: [], count: gumboTags.count + 1)
    let lists: [(Flag, [String])] = [
      (.headings, ["h1", "h2", "h3", "h4", "h5", "h6"]),
      (
        .headContent,
        [
          "html", "head", "base", "basefont", "bgsound", "link", "menuitem", "meta", "title",
          "noscript", "noframes", "style", "script", "template",
        ]
      ),
      (.tableParts, ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"]),
      (.tablePartsAndTable, ["caption", "table", "tbody", "td", "tfoot", "th", "thead", "tr"]),
      (.tableContext, ["table", "template", "html"]),
      (
        .void,
        [
          "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image",
          "img", "input", "keygen", "link", "menuitem", "meta", "param", "source", "track", "wbr",
        ]
      ),
      (
        .closesP,
        [
          "address", "article", "aside", "blockquote", "center", "details", "dir", "div", "dl",
          "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
          "menu", "nav", "ol", "p", "pre", "section", "summary", "ul", "xmp",
        ]
      ),
      (
        .closedInScope,
        [
          "address", "article", "aside", "blockquote", "button", "center", "details", "dir", "div",
          "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "listing", "main",
          "menu", "nav", "ol", "pre", "section", "summary", "ul", "applet", "marquee", "object",
        ]
      ),
      (.impliedEnd, ["dd", "dt", "li", "option", "optgroup", "p", "rb", "rp", "rt", "rtc"]),
      (
        .specialHTML,
        [
          "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound",
          "blockquote", "body", "br", "button", "caption", "center", "col", "colgroup", "menuitem",
          "dd", "details", "dir", "div", "dl", "dt", "embed", "fieldset", "figcaption", "figure",
          "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head",
          "header", "hgroup", "hr", "html", "iframe", "img", "input", "isindex", "keygen", "li",
          "link", "listing", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript",
          "object", "ol", "p", "param", "plaintext", "pre", "script", "section", "select", "source",
          "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th",
          "thead", "title", "tr", "track", "ul", "wbr", "xmp",
        ]
      ),
      (.mathTextIntegration, ["mi", "mo", "mn", "ms", "mtext"]),
      (.svgHTMLIntegration, ["foreignobject", "desc", "title"]),
      (
        .foreignBreakout,
        [
          "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
          "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
          "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong",
          "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
        ]
      ),
      (
        .defaultScopeHTML,
        ["applet", "caption", "html", "table", "td", "th", "marquee", "object", "template"]
      ),
      (
        .modeSetting,
        [
          "select", "td", "th", "tr", "tbody", "thead", "tfoot", "caption", "colgroup", "table",
          "template",
        ]
      ),
      (.markerNames, ["applet", "object", "marquee", "td", "th", "caption", "template"]),
      (.tableBodyContext, ["tbody", "thead", "tfoot", "template", "html"]),
      (.rowContext, ["tr", "template", "html"]),
      (
        .formatting,
        [
          "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong",
          "tt", "u",
        ]
      ),
    ]
    for (flag, names) in lists {
      for name in names { table[id(name)].insert(flag) }
    }
    return table
  }()

  enum RawText {
    case script
    case text([UInt8])
  }

  /// How the tokenizer reads an element's content once the parser inserts it as HTML.
  static let rawTexts: [RawText?] = {
    var table = [RawText?](repeating: nil, count: gumboTags.count + 1)
    table[script] = .script
    for name in ["style", "xmp", "iframe", "noembed", "noframes", "title", "textarea"] {
      table[id(name)] = .text(Array(name.utf8))
    }
    return table
  }()

  /// The categories of each known name in the HTML namespace.
  static let htmlCategories: [NestingCategories] = (0...gumboTags.count).map {
    categories($0, .html)
  }

  static func categories(_ name: Int, _ space: NestingSpace) -> NestingCategories {
    let flag = name < flags.count ? flags[name] : []
    var result: NestingCategories = []
    switch space {
    case .html:
      result.insert(.htmlSpace)
      if flag.contains(.specialHTML) {
        result.insert(.special)
        if name != id("address"), name != id("div"), name != p {
          result.insert(.specialExceptADP)
        }
      }
      if flag.contains(.defaultScopeHTML) { result.formUnion([.scope, .listScope, .buttonScope]) }
      if name == id("ol") || name == id("ul") { result.insert(.listScope) }
      if name == button { result.insert(.buttonScope) }
      if name == table || name == template || name == html { result.insert(.tableScope) }
      if name != option, name != optgroup { result.insert(.notOption) }
      if flag.contains(.headings) { result.insert(.heading) }
      if flag.contains(.modeSetting) { result.insert(.mode) }
      if flag.contains(.markerNames) { result.insert(.marker) }
    case .svg, .math:
      result.insert(.notOption)
      if flag.contains(.modeSetting) { result.insert(.mode) }
      let boundary =
        space == .math
        ? (flag.contains(.mathTextIntegration) || name == annotationXML)
        : flag.contains(.svgHTMLIntegration)
      if boundary { result.formUnion([.scope, .listScope, .buttonScope]) }
      // Gumbo's special list has these, not the SVG title.
      if boundary, space == .math || name != title {
        result.formUnion([.special, .specialExceptADP])
      }
    }
    return result
  }

  static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ literal: String) -> Bool {
    let utf8 = literal.utf8
    guard bytes.count == utf8.count else { return false }
    return zip(bytes, utf8).allSatisfy { Byte.lowercased($0) == $1 }
  }
}

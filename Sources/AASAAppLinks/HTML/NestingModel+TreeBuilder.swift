/// ``NestingModel``'s tree builder: the insertion mode, and a start tag sent to the rules of
/// that mode or to foreign content. One file per group of insertion modes follows it:
/// `+InBody` (in body, and the end tags it shares), `+InTable` (in table, table body, row and
/// select), `+EndTags` (an end tag sent to its mode).
extension NestingModel {
  enum Mode {
    case body, table, tableBody, row, cell, caption, columnGroup, select, selectInTable, template
  }

  /// The insertion mode: that of the nearest element below the top that sets one; nil when that
  /// element may not be on the parser's stack.
  var mode: Mode? {
    guard let nearest = modes.last else { return .body }
    // Gumbo 0.10 resets the mode by tag name whatever the namespace (an SVG `select` counts).
    if isUncertain(nearest) || stack[nearest].space != .html { return nil }
    switch stack[nearest].name {
    case NestingNames.select:
      return stack[nearest].selectInTable ? .selectInTable : .select
    case NestingNames.td, NestingNames.th: return .cell
    case NestingNames.tr: return .row
    case NestingNames.tbody, NestingNames.thead, NestingNames.tfoot: return .tableBody
    case NestingNames.caption: return .caption
    case NestingNames.colgroup: return .columnGroup
    case NestingNames.table: return .table
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
  var mayReconstruct: Bool { pendingLive > (markers.last?.liveBefore ?? 0) }

  mutating func startTag(_ tag: Tag) {
    if inHead, !has(tag.name, .headContent) { inHead = false }
    if tag.name == NestingNames.html || tag.name == NestingNames.body {
      // The parser merges the attributes of every `<html>` (`<body>`) into the first, looking
      // each up among those it has.
      let merged = tag.name == NestingNames.html ? htmlAttributes : bodyAttributes
      let (product, overflow) = tag.attributes.multipliedReportingOverflow(by: merged)
      addWork(overflow ? .max : product)
      if tag.name == NestingNames.html {
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
        case NestingNames.caption, NestingNames.colgroup, NestingNames.tbody, NestingNames.tfoot,
          NestingNames.thead:
          stack[nearest].templateMode = .table
        case NestingNames.col: stack[nearest].templateMode = .columnGroup
        case NestingNames.tr: stack[nearest].templateMode = .tableBody
        case NestingNames.td, NestingNames.th: stack[nearest].templateMode = .row
        case NestingNames.base, NestingNames.basefont, NestingNames.bgsound, NestingNames.link,
          NestingNames.meta, NestingNames.noframes,
          NestingNames.script, NestingNames.style, NestingNames.template, NestingNames.title:
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
      if tag.name == NestingNames.col { return }
      if tag.name == NestingNames.template {
        pushTemplate()
        return
      }
      if let top = stack.last, top.name == NestingNames.colgroup, top.space == .html {
        popOne()
        startTag(tag)
      }
    case .select, .selectInTable: selectStartTag(tag, inTable: mode == .selectInTable)
    }
  }

  /// Whether a start tag under a foreign element follows the HTML rules (integration points).
  func htmlRulesApply(to tag: Tag, under top: Entry) -> Bool {
    if top.space == .math {
      if has(top.name, .mathTextIntegration) {
        return tag.name != NestingNames.mglyph && tag.name != NestingNames.malignmark
      }
      if top.name == NestingNames.annotationXML {
        return tag.name == NestingNames.svg || top.htmlIntegration
      }
      return false
    }
    return has(top.name, .svgHTMLIntegration)
  }

  mutating func foreignStartTag(_ tag: Tag) {
    let top = stack[stack.count - 1]
    if has(tag.name, .foreignBreakout) || (tag.name == NestingNames.font && tag.fontBreakout) {
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
    if tag.encoding == 2, tag.name == NestingNames.annotationXML, top.space == .math {
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

  func isHTMLIntegration(_ entry: Entry) -> Bool {
    switch entry.space {
    case .html: false
    case .svg: has(entry.name, .svgHTMLIntegration)
    case .math: entry.name == NestingNames.annotationXML && entry.htmlIntegration
    }
  }
}

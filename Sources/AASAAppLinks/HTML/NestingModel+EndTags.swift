/// ``NestingModel``: an end tag, sent to the rules of the insertion mode it arrives in.
extension NestingModel {
  // MARK: End tags

  mutating func endTag(_ tag: Tag) {
    let name = tag.name
    // In the head modes the parser ignores end tags other than these.
    if inHead,
      name == NestingNames.body || name == NestingNames.html || name == NestingNames.br
        || name == NestingNames.head
    {
      inHead = false
    }
    if let top = stack.last, top.space != .html {
      // Foreign content: the nearest foreign element of that name, above every HTML element,
      // closes; otherwise the HTML rules apply.
      let html = htmlEntries.last ?? -1
      let foreign = foreignName(tag)
      let svg = positions[NestingNames.key(foreign, .svg)]?.last ?? -1
      let math = positions[NestingNames.key(foreign, .math)]?.last ?? -1
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
      var low = positions[NestingNames.key(name, .html)]?.first ?? stack.count
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
      case NestingNames.tbody, NestingNames.tfoot, NestingNames.thead:
        if inScope(NestingNames.key(name, .html), \.tableScope) != nil {
          clearBack(to: .tableBodyContext)
          popOne()
        }
      case NestingNames.table:
        if sectionInTableScope() != nil {
          clearBack(to: .tableBodyContext)
          popOne()
          endTag(tag)
        }
      case NestingNames.body, NestingNames.caption, NestingNames.col, NestingNames.colgroup,
        NestingNames.html, NestingNames.td, NestingNames.th,
        NestingNames.tr:
        return
      default: tableEndTag(name)
      }
    case .row:
      switch name {
      case NestingNames.tr:
        if inScope(NestingNames.key(NestingNames.tr, .html), \.tableScope) != nil {
          clearBack(to: .rowContext)
          popOne()
        }
      case NestingNames.table, NestingNames.tbody, NestingNames.tfoot, NestingNames.thead:
        if name != NestingNames.table, inScope(NestingNames.key(name, .html), \.tableScope) == nil {
          return
        }
        if inScope(NestingNames.key(NestingNames.tr, .html), \.tableScope) != nil {
          clearBack(to: .rowContext)
          popOne()
          endTag(tag)
        }
      case NestingNames.body, NestingNames.caption, NestingNames.col, NestingNames.colgroup,
        NestingNames.html, NestingNames.td, NestingNames.th:
        return
      default: tableEndTag(name)
      }
    case .cell:
      switch name {
      case NestingNames.td, NestingNames.th:
        if let cell = inScope(NestingNames.key(name, .html), \.tableScope), popTo(cell) {
          clearToLastMarker()
        }
      case NestingNames.body, NestingNames.caption, NestingNames.col, NestingNames.colgroup,
        NestingNames.html:
        return
      case NestingNames.table, NestingNames.tbody, NestingNames.tfoot, NestingNames.thead,
        NestingNames.tr:
        if inScope(NestingNames.key(name, .html), \.tableScope) != nil, closeCell() == true {
          endTag(tag)
        }
      default: bodyEndTag(name)
      }
    case .caption:
      switch name {
      case NestingNames.caption:
        _ = closeCaption()
      case NestingNames.table:
        if closeCaption() == true { endTag(tag) }
      case NestingNames.body, NestingNames.col, NestingNames.colgroup, NestingNames.html,
        NestingNames.tbody, NestingNames.td, NestingNames.tfoot,
        NestingNames.th, NestingNames.thead, NestingNames.tr:
        return
      default: bodyEndTag(name)
      }
    case .columnGroup:
      switch name {
      case NestingNames.colgroup:
        if let top = stack.last, top.name == NestingNames.colgroup, top.space == .html { popOne() }
      case NestingNames.col: return
      case NestingNames.template: bodyEndTag(name)
      default:
        if let top = stack.last, top.name == NestingNames.colgroup, top.space == .html {
          popOne()
          endTag(tag)
        }
      }
    case .select, .selectInTable:
      if mode == .selectInTable, has(name, .tablePartsAndTable) {
        if inScope(NestingNames.key(name, .html), \.tableScope) != nil,
          let select = selectInSelectScope(),
          popTo(select)
        {
          endTag(tag)
        }
        return
      }
      switch name {
      case NestingNames.optgroup:
        if stack.count >= 2, stack[stack.count - 1].name == NestingNames.option,
          stack[stack.count - 2].name == NestingNames.optgroup
        {
          popOne()
        }
        if let top = stack.last, top.name == NestingNames.optgroup, top.space == .html { popOne() }
      case NestingNames.option:
        if let top = stack.last, top.name == NestingNames.option, top.space == .html { popOne() }
      case NestingNames.select:
        if let select = selectInSelectScope() { _ = popTo(select) }
      case NestingNames.template: bodyEndTag(name)
      default: return
      }
    }
  }
}

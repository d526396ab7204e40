/// ``NestingModel`` in the table insertion modes (in table, in table body, in row) and in
/// select: the start tags each handles itself, and the table's end tags.
extension NestingModel {
  mutating func tableStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case NestingNames.caption:
      clearBack(to: .tableContext)
      push(name, .html)
    case NestingNames.colgroup, NestingNames.col:
      clearBack(to: .tableContext)
      push(NestingNames.colgroup, .html)
    case NestingNames.tbody, NestingNames.thead, NestingNames.tfoot:
      clearBack(to: .tableContext)
      push(name, .html)
    case NestingNames.td, NestingNames.th, NestingNames.tr:
      clearBack(to: .tableContext)
      push(NestingNames.tbody, .html)
      startTag(tag)
    case NestingNames.table:
      reprocess(
        tag,
        afterClosing: inScope(NestingNames.key(NestingNames.table, .html), \.tableScope).map {
          popTo($0)
        })
    case NestingNames.style, NestingNames.script:
      push(name, .html)
      startRawText(name)
    case NestingNames.template:
      pushTemplate()
    case NestingNames.input:
      return
    case NestingNames.form:
      // Inserted and popped at once, when the parser takes it.
      if positions[NestingNames.key(NestingNames.template, .html)]?.isEmpty == false {
        formPointer = .unknown
      } else if formPointer == .unset {
        formPointer = .set
      }
    default:
      bodyStartTag(tag)
    }
  }

  mutating func tableBodyStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case NestingNames.tr:
      clearBack(to: .tableBodyContext)
      push(name, .html)
    case NestingNames.td, NestingNames.th:
      clearBack(to: .tableBodyContext)
      push(NestingNames.tr, .html)
      startTag(tag)
    case NestingNames.caption, NestingNames.col, NestingNames.colgroup, NestingNames.tbody,
      NestingNames.tfoot, NestingNames.thead:
      if sectionInTableScope() != nil {
        clearBack(to: .tableBodyContext)
        popOne()
        startTag(tag)
      }
    default:
      tableStartTag(tag)
    }
  }

  mutating func rowStartTag(_ tag: Tag) {
    let name = tag.name
    switch name {
    case NestingNames.td, NestingNames.th:
      clearBack(to: .rowContext)
      push(name, .html)
    case NestingNames.caption, NestingNames.col, NestingNames.colgroup, NestingNames.tbody,
      NestingNames.tfoot, NestingNames.thead, NestingNames.tr:
      if inScope(NestingNames.key(NestingNames.tr, .html), \.tableScope) != nil {
        clearBack(to: .rowContext)
        popOne()
        startTag(tag)
      }
    default:
      tableStartTag(tag)
    }
  }

  mutating func selectStartTag(_ tag: Tag, inTable: Bool) {
    let name = tag.name
    if inTable, has(name, .tablePartsAndTable) {
      reprocess(tag, afterClosing: selectInSelectScope().map { popTo($0) })
      return
    }
    switch name {
    case NestingNames.option:
      if let top = stack.last, top.name == NestingNames.option, top.space == .html { popOne() }
      push(name, .html)
    case NestingNames.optgroup:
      if let top = stack.last, top.name == NestingNames.option, top.space == .html { popOne() }
      if let top = stack.last, top.name == NestingNames.optgroup, top.space == .html { popOne() }
      push(name, .html)
    case NestingNames.select:
      if let select = selectInSelectScope() { _ = popTo(select) }
    case NestingNames.input, NestingNames.keygen, NestingNames.textarea:
      reprocess(tag, afterClosing: selectInSelectScope().map { popTo($0) })
    case NestingNames.script:
      push(name, .html)
      startRawText(name)
    case NestingNames.template:
      pushTemplate()
    default:
      return
    }
  }

  mutating func tableEndTag(_ name: Int) {
    switch name {
    case NestingNames.table:
      if let table = inScope(NestingNames.key(NestingNames.table, .html), \.tableScope) {
        _ = popTo(table)
      }
    case NestingNames.body, NestingNames.caption, NestingNames.col, NestingNames.colgroup,
      NestingNames.html, NestingNames.tbody, NestingNames.td,
      NestingNames.tfoot, NestingNames.th, NestingNames.thead, NestingNames.tr:
      return
    default:
      bodyEndTag(name)
    }
  }
}

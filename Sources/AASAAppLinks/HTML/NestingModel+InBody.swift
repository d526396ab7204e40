/// ``NestingModel`` in the "in body" insertion mode: its start tags, its end tags ("any other
/// end tag") and the adoption agency, as far as the size of the stack goes.
extension NestingModel {
  mutating func bodyStartTag(_ tag: Tag) {
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
    case NestingNames.html, NestingNames.body, NestingNames.head, NestingNames.caption,
      NestingNames.col, NestingNames.colgroup,
      NestingNames.frame, NestingNames.tbody, NestingNames.td, NestingNames.tfoot, NestingNames.th,
      NestingNames.thead, NestingNames.tr:
      return
    case NestingNames.frameset, NestingNames.isindex:
      becomeCoarse()
    case NestingNames.form:
      let template = positions[NestingNames.key(NestingNames.template, .html)]?.isEmpty == false
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
    case NestingNames.li:
      closeListItem(matching: [NestingNames.li])
      closeP()
      push(name, .html)
    case NestingNames.dd, NestingNames.dt:
      closeListItem(matching: [NestingNames.dd, NestingNames.dt])
      closeP()
      push(name, .html)
    case NestingNames.plaintext:
      closeP()
      push(name, .html)
      text(bytes.count - index)
      index = bytes.count
    case NestingNames.button:
      if let button = inScope(NestingNames.key(NestingNames.button, .html), \.scope) {
        _ = popTo(button)
      }
      push(name, .html)
    case NestingNames.a:
      if formattingInScope(NestingNames.a) { adoptionAgency(NestingNames.a) }
      pushFormatting(tag)
    case NestingNames.nobr:
      if inScope(NestingNames.key(NestingNames.nobr, .html), \.scope) != nil {
        adoptionAgency(NestingNames.nobr)
      }
      pushFormatting(tag)
    case NestingNames.table:
      // A table closes an open `<p>` only outside quirks mode, which the DOCTYPE decides.
      if let p = inScope(NestingNames.key(NestingNames.p, .html), \.buttonScope) {
        markUncertain(from: p)
      }
      push(name, .html)
    case NestingNames.optgroup, NestingNames.option:
      if let top = stack.last, top.name == NestingNames.option, top.space == .html {
        if mayReconstruct || isUncertain(stack.count - 1) {
          markUncertain(from: stack.count - 1)
        } else {
          popOne()
        }
      }
      push(name, .html)
    case NestingNames.rb, NestingNames.rtc, NestingNames.rp, NestingNames.rt:
      // Implied end tags close ruby parts here; the model keeps them, uncertain.
      if inScope(NestingNames.key(NestingNames.ruby, .html), \.scope) != nil {
        let low = impliedRunStart()
        if low < stack.count { markUncertain(from: low) }
      }
      push(name, .html)
    case NestingNames.math, NestingNames.svg:
      if !tag.selfClosing { push(name, name == NestingNames.svg ? .svg : .math) }
    case NestingNames.template:
      pushTemplate()
    case NestingNames.select:
      let inTable = [.table, .caption, .tableBody, .row, .cell].contains(mode)
      push(name, .html)
      stack[stack.count - 1].selectInTable = inTable
    case NestingNames.noscript where inHead:
      // In the head, the parser closes a noscript at the first tag a head does not hold.
      push(name, .html, uncertain: true)
    default:
      if has(name, .formatting) {
        pushFormatting(tag)
        return
      }
      if has(name, .void) {
        if name == NestingNames.hr { closeP() }
        return
      }
      if has(name, .closesP) { closeP() }
      push(name, .html)
      startRawText(name)
    }
  }

  mutating func startRawText(_ name: Int) {
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

  mutating func pushTemplate() {
    push(NestingNames.template, .html)
  }

  mutating func pushFormatting(_ tag: Tag) {
    sequence += 1
    push(tag.name, .html, sequence: sequence)
  }

  mutating func bodyEndTag(_ name: Int) {
    switch name {
    case NestingNames.body, NestingNames.html, NestingNames.br:
      return
    case NestingNames.template:
      if let template = positions[NestingNames.key(NestingNames.template, .html)]?.last,
        popTo(template)
      {
        clearToLastMarker()
      }
    case NestingNames.form:
      let template = positions[NestingNames.key(NestingNames.template, .html)]?.isEmpty == false
      if template { formPointer = .unknown }
      guard let lowestForm = positions[NestingNames.key(NestingNames.form, .html)]?.first else {
        return
      }
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
        guard let form = inScope(NestingNames.key(NestingNames.form, .html), \.scope) else {
          return
        }
        generateImpliedEndTags()
        if form == stack.count - 1, !mayReconstruct, !isUncertain(form) {
          popOne()
        } else {
          markUncertain(from: form, through: form)
        }
      }
    case NestingNames.p:
      if let p = inScope(NestingNames.key(NestingNames.p, .html), \.buttonScope) { _ = popTo(p) }
    case NestingNames.li:
      if let li = inScope(NestingNames.key(NestingNames.li, .html), \.listScope) { _ = popTo(li) }
    case NestingNames.dd, NestingNames.dt:
      if let item = inScope(NestingNames.key(name, .html), \.scope) { _ = popTo(item) }
    case _ where has(name, .headings):
      let heading = headings.last ?? -1
      if heading >= 0, heading > (scope.last ?? -1) {
        _ = popTo(heading)
      } else if heading >= 0, let boundary = scope.last, isUncertain(boundary) {
        markUncertain(from: heading)
      }
    case NestingNames.caption, NestingNames.col, NestingNames.colgroup, NestingNames.frame,
      NestingNames.head, NestingNames.tbody, NestingNames.td,
      NestingNames.tfoot, NestingNames.th, NestingNames.thead, NestingNames.tr:
      return
    default:
      if has(name, .formatting) {
        adoptionAgency(name)
      } else if name == NestingNames.applet || name == NestingNames.object
        || name == NestingNames.marquee
      {
        // Gumbo looks for these in table scope.
        if let element = inScope(NestingNames.key(name, .html), \.tableScope), popTo(element) {
          clearToLastMarker()
        }
      } else if has(name, .closedInScope) {
        if let element = inScope(NestingNames.key(name, .html), \.scope) { _ = popTo(element) }
      } else {
        anyOtherEndTag(name)
      }
    }
  }

  /// "Any other end tag": the topmost element of that name closes when no special element stands
  /// above it.
  mutating func anyOtherEndTag(_ name: Int) {
    guard let target = positions[NestingNames.key(name, .html)]?.last else { return }
    let blocker = special.last ?? -1
    if blocker <= target {
      _ = popTo(target)
    } else if isUncertain(blocker) {
      markUncertain(from: lowest(NestingNames.key(name, .html)))
    }
  }

  /// The adoption agency algorithm, as far as the stack's size goes: it never adds to the stack.
  mutating func adoptionAgency(_ name: Int) {
    let key = NestingNames.key(name, .html)
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

  func formattingInScope(_ name: Int) -> Bool {
    let marker = markers.last?.sequence ?? 0
    if let onStack = positions[NestingNames.key(name, .html)]?.last,
      stack[onStack].sequence > marker
    {
      return true
    }
    return firstPendingInSegment(name) != nil
  }

  /// The first pending entry of `name` that came after the last marker in the list (pending
  /// entries are in the order they were popped; the list's order is their creation order).
  func firstPendingInSegment(_ name: Int) -> Int? {
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
}

/// ``NestingModel``'s stack of open elements: implied end tags, closing in scope, pushing and
/// popping, with each element's position kept in per-name and per-category stacks so that no
/// operation walks the stack.
extension NestingModel {
  // MARK: Closing

  /// Where the run of elements with implied end tags at the top of the stack starts.
  func impliedRunStart() -> Int {
    var low = stack.count
    while low > 0, stack[low - 1].space == .html, has(stack[low - 1].name, .impliedEnd) {
      low -= 1
    }
    return low
  }

  /// Pops elements with implied end tags (`p`, `li`, `option`…) from the top, as the parser does;
  /// when the parser's current node may differ (an uncertain one, a reconstructed formatting
  /// element), marks the run uncertain instead.
  mutating func generateImpliedEndTags() {
    while let top = stack.last, top.space == .html, has(top.name, .impliedEnd) {
      if mayReconstruct || isUncertain(stack.count - 1) {
        markUncertain(from: impliedRunStart())
        return
      }
      popOne()
    }
  }

  /// Closes an open `<p>` in button scope.
  mutating func closeP() {
    if let p = inScope(NestingNames.key(NestingNames.p, .html), \.buttonScope) { _ = popTo(p) }
  }

  /// `<li>`, `<dd>` and `<dt>` close the nearest open one of `names` unless a special element
  /// other than `address`, `div` and `p` stands above it.
  mutating func closeListItem(matching names: [Int]) {
    guard let nearest = specialExceptADP.last else { return }
    let entry = stack[nearest]
    if entry.space == .html, names.contains(entry.name) {
      _ = popTo(nearest)
    } else if isUncertain(nearest) {
      // The parser may not have that element, and close one further down.
      let lowest = names.compactMap { positions[NestingNames.key($0, .html)]?.first }.min()
      if let lowest { markUncertain(from: lowest) }
    }
  }

  /// Closes the current table cell: nil when none is in table scope, false when it may not be
  /// on the parser's stack.
  mutating func closeCell() -> Bool? {
    let td = inScope(NestingNames.key(NestingNames.td, .html), \.tableScope) ?? -1
    let th = inScope(NestingNames.key(NestingNames.th, .html), \.tableScope) ?? -1
    let cell = max(td, th)
    guard cell >= 0 else { return nil }
    guard popTo(cell) else { return false }
    clearToLastMarker()
    return true
  }

  /// A start tag the parser handles again once an element closed: ignored when nothing closed
  /// (nil), counted without a certain place when the model could not close it (false).
  mutating func reprocess(_ tag: Tag, afterClosing closed: Bool?) {
    switch closed {
    case nil: return
    case true?: startTag(tag)
    case false?:
      // Raw text, a tag that adds several elements (`<td>` may add a tbody and a tr) or a
      // frameset: the model cannot follow both ways.
      if rawText(tag.name) != nil || tag.name == NestingNames.plaintext
        || has(tag.name, .tableParts)
        || tag.name == NestingNames.isindex || tag.name == NestingNames.frameset
      {
        becomeCoarse()
      } else if !has(tag.name, .void) {
        push(tag.name, .html, uncertain: true)
      }
    }
  }

  /// Closes the caption: nil when none is in table scope, false when it may not be on the
  /// parser's stack.
  mutating func closeCaption() -> Bool? {
    guard let caption = inScope(NestingNames.key(NestingNames.caption, .html), \.tableScope) else {
      return nil
    }
    guard popTo(caption) else { return false }
    clearToLastMarker()
    return true
  }

  mutating func sectionInTableScope() -> Int? {
    var found: Int?
    for name in [NestingNames.tbody, NestingNames.thead, NestingNames.tfoot] {
      if let section = inScope(NestingNames.key(name, .html), \.tableScope) {
        found = max(found ?? section, section)
      }
    }
    return found
  }

  func selectInSelectScope() -> Int? {
    guard let select = positions[NestingNames.key(NestingNames.select, .html)]?.last,
      notOption.last == select
    else { return nil }
    return select
  }

  /// Pops entries while the top is not one of `names` (the table, table body and row contexts).
  mutating func clearBack(to context: NestingNames.Flag) {
    while let top = stack.last, !(top.space == .html && has(top.name, context)) { popOne() }
  }

  /// The position of the topmost entry of `key`, when no boundary of the scope stands above it.
  /// When one does and it may not be on the parser's stack, the entries from the lowest entry of
  /// `key` up are marked uncertain, since the parser may close them.
  mutating func inScope(_ key: Int, _ boundaries: KeyPath<NestingModel, [Int]>) -> Int? {
    guard let target = positions[key]?.last else { return nil }
    let boundary = self[keyPath: boundaries].last ?? -1
    if boundary <= target { return target }
    if isUncertain(boundary) { markUncertain(from: lowest(key)) }
    return nil
  }

  func lowest(_ key: Int) -> Int { positions[key]?.first ?? stack.count }

  /// Pops entries down to and including `target`, when the parser surely does too: `target` is
  /// the top, or certain. Otherwise marks the entries from `target` up uncertain; false then.
  mutating func popTo(_ target: Int) -> Bool {
    guard target < stack.count else { return false }
    if target != stack.count - 1, isUncertain(target) {
      markUncertain(from: lowest(stack[target].key))
      return false
    }
    while stack.count > target { popOne() }
    return true
  }

  mutating func becomeCoarse() {
    coarse = true
    coarseDepth = depth + 3
    record(coarseDepth)
  }

  // MARK: Pushing and popping

  mutating func push(
    _ name: Int, _ space: Space, uncertain: Bool = false, htmlIntegration: Bool = false,
    sequence: Int = 0
  ) {
    let position = stack.count
    var entry = Entry(
      name: name, space: space, key: NestingNames.key(name, space),
      sequence: sequence, htmlIntegration: htmlIntegration)
    entry.categories =
      space == .html && name < htmlCategories.count
      ? htmlCategories[name] : NestingNames.categories(name, space)
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
  mutating func popOne(keepingFormatting: Bool = true) {
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
}

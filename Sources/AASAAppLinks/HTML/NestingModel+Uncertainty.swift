/// ``NestingModel``'s two kinds of doubt: stack positions that may not be on the parser's stack,
/// and the formatting elements the parser popped but may reconstruct.
extension NestingModel {
  // MARK: Uncertainty

  func isUncertain(_ position: Int) -> Bool {
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
  mutating func markUncertain(from low: Int, through: Int? = nil) {
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

  var pendingSegmentStart: Int {
    markers.last?.pendingMark ?? 0
  }

  mutating func addPending(_ entry: Entry) {
    let position = pending.count
    lowWater.append((position, stack.count))
    pending.append((entry.name, entry.sequence))
    pendingLive += 1
    pendingByName[entry.name, default: []].append(position)
  }

  mutating func removePending(_ position: Int) {
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
  mutating func clearToLastMarker() {
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

  mutating func dropLastPending() {
    let position = pending.count - 1
    if pending[position].name >= 0 { removePending(position) }
    pending.removeLast()
    if let last = lowWater.last, last.index == position { lowWater.removeLast() }
  }

  /// The lowest the stack has been since pending entry `position` was popped: where the parser
  /// may have reconstructed it since.
  func lowestSince(_ position: Int) -> Int {
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

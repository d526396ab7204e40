/// ``NestingModel``'s tokenizer: HTML5's tokenization as far as the stack of open elements
/// needs it (tags and their attributes, comments, DOCTYPEs, CDATA in foreign content, and the
/// raw text of `script`, `style` and the other text-only elements).
extension NestingModel {
  // MARK: Tokenizing

  /// `<!`: a comment, a CDATA section in foreign content, or a DOCTYPE or bogus comment.
  mutating func markupDeclaration() {
    let count = bytes.count
    if index + 3 < count, bytes[index + 2] == NestingBytes.dash,
      bytes[index + 3] == NestingBytes.dash
    {
      // HTML5's comment states: `<!-->` and `<!--->` are whole comments; a comment ends at the
      // first `-->` or `--!>` after its `<!--`.
      let start = index + 4
      if start < count, bytes[start] == NestingBytes.greaterThan {
        index = start + 1
      } else if start + 1 < count, bytes[start] == NestingBytes.dash,
        bytes[start + 1] == NestingBytes.greaterThan
      {
        index = start + 2
      } else {
        var position = start
        index = count
        while position + 2 < count {
          if bytes[position] == NestingBytes.dash, bytes[position + 1] == NestingBytes.dash {
            if bytes[position + 2] == NestingBytes.greaterThan {
              index = position + 3
              break
            }
            if bytes[position + 2] == NestingBytes.bang, position + 3 < count,
              bytes[position + 3] == NestingBytes.greaterThan
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
    index = position(of: NestingBytes.greaterThan, from: index + 2) + 1
    addWork(1)
  }

  func matches(_ literal: String, at start: Int) -> Bool {
    var position = start
    for byte in literal.utf8 {
      guard position < bytes.count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  /// The position of `byte` at or after `start`, or the end.
  func position(of byte: UInt8, from start: Int) -> Int {
    var position = start
    while position < bytes.count, bytes[position] != byte { position += 1 }
    return min(position, bytes.count)
  }

  /// The position of `needle` at or after `start`, or the end.
  func find(_ needle: [UInt8], from start: Int) -> Int {
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

  struct Tag {
    /// The name's number among gumbo's tags, or ``NestingNames/unknown``.
    var name: Int
    var key: NestingNames.Key
    var selfClosing = false
    var attributes = 0
    /// `color`, `face` or `size`: a `<font>` with one leaves foreign content.
    var fontBreakout = false
    /// The `encoding` attribute's value: 0 none or another, 1 `text/html` or
    /// `application/xhtml+xml`, 2 unknown (it holds a character reference).
    var encoding = 0
  }

  /// Reads a tag whose name starts at `start` as the HTML5 tokenizer does, and moves past it.
  mutating func readTag(from start: Int) -> Tag {
    let count = bytes.count
    var position = start
    var key = NestingNames.Key()
    while position < count {
      let byte = bytes[position]
      if NestingBytes.isSpace(byte) || byte == NestingBytes.slash
        || byte == NestingBytes.greaterThan
      {
        break
      }
      if byte == 0 {
        key.append(0xEF)
        key.append(0xBF)
        key.append(0xBD)
      } else {
        key.append(NestingBytes.lowercased(byte))
      }
      position += 1
    }
    var tag = Tag(name: known[key] ?? NestingNames.unknown, key: key)

    // The attribute states: names end at space, `/`, `>` or `=`; values are quoted or end at
    // space or `>`; `/` right before `>` makes the tag self-closing.
    while position < count {
      let byte = bytes[position]
      if NestingBytes.isSpace(byte) {
        position += 1
        continue
      }
      if byte == NestingBytes.greaterThan {
        index = position + 1
        return tag
      }
      if byte == NestingBytes.slash {
        if position + 1 < count, bytes[position + 1] == NestingBytes.greaterThan {
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
        if NestingBytes.isSpace(byte) || byte == NestingBytes.slash
          || byte == NestingBytes.greaterThan
          || byte == NestingBytes.equals
        {
          break
        }
        position += 1
      }
      tag.attributes += 1
      let attributeName = bytes[nameStart..<position]
      while position < count, NestingBytes.isSpace(bytes[position]) { position += 1 }
      var value: ArraySlice<UInt8>?
      if position < count, bytes[position] == NestingBytes.equals {
        position += 1
        while position < count, NestingBytes.isSpace(bytes[position]) { position += 1 }
        if position < count,
          bytes[position] == NestingBytes.doubleQuote || bytes[position] == NestingBytes.quote
        {
          let quote = bytes[position]
          let valueStart = position + 1
          position = valueStart
          while position < count, bytes[position] != quote { position += 1 }
          value = bytes[valueStart..<min(position, count)]
          position += 1
        } else {
          let valueStart = position
          while position < count, !NestingBytes.isSpace(bytes[position]),
            bytes[position] != NestingBytes.greaterThan
          {
            position += 1
          }
          value = bytes[valueStart..<position]
        }
      }
      if NestingNames.equalsIgnoringCase(attributeName, "color")
        || NestingNames.equalsIgnoringCase(attributeName, "face")
        || NestingNames.equalsIgnoringCase(attributeName, "size")
      {
        tag.fontBreakout = true
      }
      if NestingNames.equalsIgnoringCase(attributeName, "encoding"), tag.encoding == 0, let value {
        if value.contains(NestingBytes.ampersand) {
          tag.encoding = 2
        } else if NestingNames.equalsIgnoringCase(value, "text/html")
          || NestingNames.equalsIgnoringCase(value, "application/xhtml+xml")
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
  mutating func skipRawText(_ needle: [UInt8]) {
    let count = bytes.count
    var position = index
    while position + 1 < count {
      if bytes[position] == NestingBytes.lessThan, bytes[position + 1] == NestingBytes.slash,
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
  func endsElement(_ name: [UInt8], at start: Int) -> Bool {
    guard start + name.count < bytes.count else { return false }
    for offset in 0..<name.count
    where NestingBytes.lowercased(bytes[start + offset]) != name[offset] {
      return false
    }
    let after = bytes[start + name.count]
    return NestingBytes.isSpace(after) || after == NestingBytes.slash
      || after == NestingBytes.greaterThan
  }

  /// Skips a script's text as the script data states do: `<!--` starts an escaped part (which
  /// `>` right after its dashes ends again), in which `<script` starts a double-escaped part that
  /// `</script` only ends (not the script), and `-->` ends either.
  mutating func skipScript() {
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
        if byte == NestingBytes.lessThan {
          if position + 1 < count, bytes[position + 1] == NestingBytes.slash,
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
        if byte == NestingBytes.dash {
          state = state == .escaped ? .escapedDash : .escapedDashDash
        } else if byte == NestingBytes.greaterThan, state == .escapedDashDash {
          state = .data
        } else if byte == NestingBytes.lessThan {
          state = .escaped
          if position + 1 < count, bytes[position + 1] == NestingBytes.slash,
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
        if byte == NestingBytes.dash {
          state = state == .double ? .doubleDash : .doubleDashDash
        } else if byte == NestingBytes.greaterThan, state == .doubleDashDash {
          state = .data
        } else if byte == NestingBytes.lessThan {
          state = .double
          if position + 1 < count, bytes[position + 1] == NestingBytes.slash,
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

import CGumbo

/// How deep gumbo's tree nests its elements: the reference the nesting model is held to. The
/// fuzz target `applinks-depth` and the differential test in every test run both compare
/// ``NestingEstimate`` with it, so the two checks measure the same thing.
enum GumboTreeDepth {
  /// The deepest element of `bytes`'s tree (html counted), parsed under a budget of `seconds` of
  /// CPU; nil when the parse stopped at the budget or ran out of memory.
  static func parse(_ bytes: [UInt8], seconds: Double = 30) -> Int? {
    guard let budget = aasa_gumbo_budget_create(seconds) else { return nil }
    defer { aasa_gumbo_budget_destroy(budget) }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return 0 }
      return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text -> Int? in
        guard let output = aasa_gumbo_parse(budget, text, buffer.count) else { return nil }
        return elementDepth(output.pointee.document)
      }
    }
  }

  /// The most elements on a path from the document down, walked with an explicit stack: no
  /// recursion, whatever the page's nesting.
  static func elementDepth(_ document: UnsafeMutablePointer<GumboNode>) -> Int {
    var stack: [(UnsafeMutablePointer<GumboNode>, Int)] = [(document, 0)]
    var deepest = 0
    while let (node, depth) = stack.popLast() {
      let children: GumboVector
      var childDepth = depth
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT:
        children = node.pointee.v.document.children
      case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
        childDepth = depth + 1
        deepest = max(deepest, childDepth)
        children = node.pointee.v.element.children
      default:
        continue
      }
      for index in 0..<Int(children.length) {
        if let child = children.data[index] {
          stack.append((child.assumingMemoryBound(to: GumboNode.self), childDepth))
        }
      }
    }
    return deepest
  }
}

// applinks-depth: the nesting estimate against gumbo's tree (security review S4-4).
//
// Input: an HTML page (any bytes). Checks: `NestingEstimate` never traps and stays linear; unless
// it flags markup on which gumbo aborts, the page parses, and no element of gumbo's tree is more
// than the estimate plus three deep (html; body or head; a void element as a leaf, which gumbo
// inserts and pops at once). Pages the reader refuses (deeper than the limit, or past the work
// bound) are not parsed: gumbo would take seconds, and the reader never parses them either.

import CGumbo

@testable import AASAAppLinks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLinksDepth(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let estimate = NestingEstimate.estimate(bytes)
  let bounded = NestingEstimate.estimate(
    bytes, depthLimit: HTMLReader.maximumNesting, workLimit: HTMLReader.maximumWork)
  // Stopping at the reader's limits changes nothing for a page within them.
  let within =
    estimate.depth <= HTMLReader.maximumNesting && estimate.work <= HTMLReader.maximumWork
  require(!within || bounded == estimate, "the bounded estimate differs: \(bounded), \(estimate)")
  guard within, !estimate.crashesParser else { return 0 }
  guard let budget = aasa_gumbo_budget_create(30) else { return 0 }
  defer { aasa_gumbo_budget_destroy(budget) }
  let depth = bytes.withUnsafeBufferPointer { buffer -> Int? in
    guard let base = buffer.baseAddress else { return 0 }
    return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text -> Int? in
      guard let output = aasa_gumbo_parse(budget, text, buffer.count) else { return nil }
      return elementDepth(output.pointee.document)
    }
  }
  guard let depth else {
    require(false, "gumbo stopped: \(budget.pointee.stopped == 1 ? "30 s of CPU" : "no memory")")
    return 0
  }
  require(
    depth <= estimate.depth + 3,
    "gumbo nests \(depth) deep, the estimate says \(estimate.depth): \(debugDescription(bytes))")
  return 0
}

/// The most elements on a path from the document down, walked with an explicit stack.
private func elementDepth(_ document: UnsafeMutablePointer<GumboNode>) -> Int {
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

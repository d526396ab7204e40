import AASACore
import CGumbo

/// Reads a page with gumbo, an HTML5 parser, and collects its `<meta>` elements as a browser's DOM
/// holds them: comments, `<script>`, `<style>`, `<textarea>` and `<title>` content and escaped
/// text (`&lt;meta`) hold no elements, character references in attribute values are decoded, and
/// unquoted and single-quoted attributes count. `<template>` content is not part of the document
/// (`querySelectorAll` does not see it), so it is skipped too.
///
/// The walk over gumbo's tree is iterative, and five bounds keep any input fast: the size; an
/// estimate of the nesting and of the parser's work (``NestingEstimate``), checked before parsing;
/// a budget of CPU time for the parse itself, for whatever the estimate does not foresee; and the
/// number of nodes walked. docs/applinks.md lists them.
public enum HTMLReader {
  /// What a resolver reads of a page at most (the fetcher's cap too).
  public static let maximumSize = 5 * 1024 * 1024
  /// Deeper pages are refused: tree building is quadratic in the depth.
  public static let maximumNesting = 4_000
  /// Nodes walked at most; a 5 MB page holds fewer than this unless built to hold more.
  public static let maximumNodes = 2_000_000
  /// The parser's estimated work at most (stack entries looked at, ``NestingEstimate``): about a
  /// second of gumbo on the slowest markup measured (`</p>` a million times 4,000 deep), while a
  /// plain 5 MB page stays under a tenth of it.
  public static let maximumWork = 250_000_000
  /// Seconds of CPU time the parse may take: a plain 5 MB page takes about 0.9 s.
  public static let parseBudget = 1.5

  public static func read(_ bytes: [UInt8]) -> HTMLScan {
    read(bytes, parseBudget: parseBudget)
  }

  /// Reads with another CPU-time budget for the parse (tests stop a parse this way).
  static func read(_ bytes: [UInt8], parseBudget: Double) -> HTMLScan {
    var scan = HTMLScan()
    guard bytes.count <= maximumSize else {
      scan.refusal = .tooLarge(bytes: bytes.count)
      return scan
    }
    let estimate = NestingEstimate.estimate(
      bytes, depthLimit: maximumNesting, workLimit: maximumWork)
    guard estimate.depth <= maximumNesting else {
      scan.refusal = .nestedTooDeep(estimate: estimate.depth)
      return scan
    }
    guard estimate.work <= maximumWork else {
      scan.refusal = .tooMuchWork(estimate: estimate.work)
      return scan
    }
    guard !estimate.crashesParser else {
      scan.refusal = .crashesParser
      return scan
    }
    let positions = SourcePositions(bytes)
    // The parse runs under a CPU-time budget; its blocks are freed with the budget (the shim in
    // Sources/CGumbo frees them without gumbo's recursive walk).
    guard let budget = aasa_gumbo_budget_create(parseBudget) else {
      scan.refusal = .parseStopped(outOfTime: false)
      return scan
    }
    defer { aasa_gumbo_budget_destroy(budget) }
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
        guard let output = aasa_gumbo_parse(budget, text, buffer.count) else {
          scan.refusal = .parseStopped(outOfTime: budget.pointee.stopped == 1)
          return
        }
        walk(output, positions: positions, into: &scan)
      }
    }
    return scan
  }

  private static func walk(
    _ output: UnsafeMutablePointer<GumboOutput>, positions: SourcePositions,
    into scan: inout HTMLScan
  ) {
    // Where the source's explicit `</head>` stands, if it has one.
    var headEnd = Int.max
    if let head = findHead(output.pointee.root) {
      let element = head.pointee.v.element
      if element.original_end_tag.length > 0 { headEnd = Int(element.end_pos.offset) }
    }
    // Depth-first in document order, with an explicit stack: (node, inside <body>).
    var stack: [(UnsafeMutablePointer<GumboNode>, Bool)] = [(output.pointee.document, false)]
    var visited = 0
    while let (node, inBody) = stack.popLast() {
      visited += 1
      if visited > maximumNodes {
        scan.refusal = .tooManyNodes
        return
      }
      switch node.pointee.type {
      case GUMBO_NODE_DOCUMENT:
        push(node.pointee.v.document.children, inBody: false, onto: &stack)
      case GUMBO_NODE_ELEMENT:
        let element = node.pointee.v.element
        if element.tag == GUMBO_TAG_META, element.original_tag.length > 0 {
          let offset = Int(element.start_pos.offset)
          scan.metaElements.append(
            MetaElement(
              location: positions.location(ofByte: offset),
              attributes: attributes(element.attributes, positions: positions),
              isOutsideHead: inBody || offset > headEnd))
        }
        push(element.children, inBody: inBody || element.tag == GUMBO_TAG_BODY, onto: &stack)
      case GUMBO_NODE_COMMENT:
        let text = node.pointee.v.text
        if let content = text.text, mentionsAppLinks(content) {
          scan.commentsMentioningAppLinks.append(
            positions.location(ofByte: Int(text.start_pos.offset)))
        }
      default:
        // Text, whitespace, CDATA; and templates, whose content is not in the document.
        break
      }
    }
  }

  private static func push(
    _ children: GumboVector, inBody: Bool,
    onto stack: inout [(UnsafeMutablePointer<GumboNode>, Bool)]
  ) {
    // Reversed, so that the first child is popped first.
    var index = Int(children.length) - 1
    while index >= 0 {
      if let child = children.data[index] {
        stack.append((child.assumingMemoryBound(to: GumboNode.self), inBody))
      }
      index -= 1
    }
  }

  /// `<head>` is a child of `<html>`, the root; the parser always makes both.
  private static func findHead(_ root: UnsafeMutablePointer<GumboNode>?) -> UnsafeMutablePointer<
    GumboNode
  >? {
    guard let root, root.pointee.type == GUMBO_NODE_ELEMENT else { return nil }
    let children = root.pointee.v.element.children
    for index in 0..<Int(children.length) {
      guard let child = children.data[index]?.assumingMemoryBound(to: GumboNode.self) else {
        continue
      }
      if child.pointee.type == GUMBO_NODE_ELEMENT, child.pointee.v.element.tag == GUMBO_TAG_HEAD {
        return child
      }
    }
    return nil
  }

  private static func attributes(_ vector: GumboVector, positions: SourcePositions)
    -> [MetaElement.Attribute]
  {
    var result: [MetaElement.Attribute] = []
    for index in 0..<Int(vector.length) {
      guard let raw = vector.data[index] else { continue }
      let attribute = raw.assumingMemoryBound(to: GumboAttribute.self).pointee
      let name = attribute.name.map { String(cString: $0) } ?? ""
      let value = attribute.value.map { String(cString: $0) } ?? ""
      let nameLocation = positions.location(ofByte: Int(attribute.name_start.offset))
      let hasValue = attribute.original_value.length > 0
      result.append(
        MetaElement.Attribute(
          name: name, value: value, location: nameLocation,
          valueLocation: hasValue
            ? positions.location(ofByte: Int(attribute.value_start.offset)) : nameLocation,
          hasValue: hasValue))
    }
    return result
  }

  /// Whether a comment's text holds `al:` (a tag, or a property, commented out).
  private static func mentionsAppLinks(_ text: UnsafePointer<CChar>) -> Bool {
    var pointer = text
    var previous: CChar = 0
    while pointer.pointee != 0 {
      if pointer.pointee == CChar(UInt8(ascii: "a")), previous != CChar(UInt8(ascii: "_")) {
        let next = pointer.successor()
        if next.pointee == CChar(UInt8(ascii: "l")),
          next.successor().pointee == CChar(UInt8(ascii: ":")),
          previous == CChar(UInt8(ascii: "\"")) || previous == CChar(UInt8(ascii: "'"))
            || previous == CChar(UInt8(ascii: "=")) || previous == CChar(UInt8(ascii: " "))
        {
          return true
        }
      }
      previous = pointer.pointee
      pointer = pointer.successor()
    }
    return false
  }
}

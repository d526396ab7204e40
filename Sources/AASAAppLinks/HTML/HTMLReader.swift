import AASACore
import CGumbo

/// Reads a page with gumbo, an HTML5 parser, and collects its `<meta>` elements as a browser's DOM
/// holds them: comments, `<script>`, `<style>`, `<textarea>` and `<title>` content and escaped
/// text (`&lt;meta`) hold no elements, character references in attribute values are decoded, and
/// unquoted and single-quoted attributes count. `<template>` content is not part of the document
/// (`querySelectorAll` does not see it), so it is skipped too.
///
/// The walk over gumbo's tree is iterative, and three bounds keep any input fast: the size, an
/// estimate of the nesting (``NestingEstimate``) checked before parsing, and the number of nodes
/// walked.
public enum HTMLReader {
  /// What a resolver reads of a page at most (the fetcher's cap too).
  public static let maximumSize = 5 * 1024 * 1024
  /// Deeper pages are refused: tree building is quadratic in the depth.
  public static let maximumNesting = 4_000
  /// Nodes walked at most; a 5 MB page holds fewer than this unless built to hold more.
  public static let maximumNodes = 2_000_000

  public static func read(_ bytes: [UInt8]) -> HTMLScan {
    var scan = HTMLScan()
    guard bytes.count <= maximumSize else {
      scan.refusal = .tooLarge(bytes: bytes.count)
      return scan
    }
    let depth = NestingEstimate.maximumDepth(bytes, stoppingAbove: maximumNesting)
    guard depth <= maximumNesting else {
      scan.refusal = .nestedTooDeep(estimate: depth)
      return scan
    }
    let positions = SourcePositions(bytes)
    var options = kGumboDefaultOptions
    // Gumbo copies the stack of open elements into every parse error it records: on a badly nested
    // page that is quadratic memory. Nothing here reads its errors.
    options.max_errors = 0
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { text in
        guard let output = gumbo_parse_with_options(&options, text, buffer.count) else { return }
        defer { gumbo_destroy_output(&options, output) }
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

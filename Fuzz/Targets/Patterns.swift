// patterns: the pattern compiler and matcher on one pattern and one text.
//
// Input: a flags byte (bits 0-1 the part, bit 2 case-insensitive, bit 3 percent-decoded, bit 4
// custom variables), then the pattern, a NUL byte and the text; with bit 4, more NUL-separated
// fields follow, `name=value1|value2|...` each, defining custom variables.
//
// Checks: nothing traps; the prepared text (fast ASCII path or not) is what the general steps
// (decode, normalize, fold) make of the text; a pattern that matches everything matches the text, and one that never
// matches does not; a match starts with the literal prefix and ends with the literal suffix; a
// match is followed to the end by `longestMatchingPrefix`; and for patterns without variables or
// escapes, on parts that are neither normalized nor decoded nor folded, the answer is a naive
// recursive glob match's.

import AASACore

@testable import AASA

private let parts: [PatternPart] = [.path, .query, .queryItemValue, .fragment]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPatterns(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let flags = data[0]
  let fields = UnsafeBufferPointer(start: data + 1, count: size - 1)
    .split(separator: 0, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  let part = parts[Int(flags & 3)]
  let caseSensitive = flags & 4 == 0
  let percentEncoded = flags & 8 == 0
  let source = fields[0]
  let text = fields.count > 1 ? fields[1] : ""
  var custom: [String: [String]] = [:]
  if flags & 16 != 0 {
    for field in fields.dropFirst(2).prefix(8) {
      guard let equals = field.firstIndex(of: "=") else { continue }
      custom[String(field[..<equals])] = field[field.index(after: equals)...]
        .split(separator: "|", omittingEmptySubsequences: false).prefix(64).map(String.init)
    }
  }
  let variables = custom.isEmpty ? VariableTable.builtIns : VariableTable(custom: custom)
  let pattern = Pattern(source, part: part, caseSensitive: caseSensitive, variables: variables)
  let prepared = PreparedText(
    text, part: part, percentEncoded: percentEncoded, caseSensitive: caseSensitive)
  var general = text.unicodeScalars.map(\.value)
  if !percentEncoded { general = ComponentPercentDecoding.decode(general) }
  if part.normalizesAsPath { PathNormalization.normalize(&general) }
  if !caseSensitive { CaseFolding.fold(&general) }
  require(
    prepared.scalars == general,
    "the prepared text differs from the general steps' for \(part) \(JSONValue.quoted(String(text.prefix(100))))"
  )
  let matches = pattern.matches(prepared)
  let shown =
    "\(part) \(JSONValue.quoted(String(source.prefix(100)))) on \(JSONValue.quoted(String(text.prefix(100))))"
  if pattern.matchesEverything { require(matches, "matchesEverything but no match: \(shown)") }
  if pattern.neverMatches { require(!matches, "neverMatches but a match: \(shown)") }
  if matches {
    require(
      prepared.scalars.starts(with: pattern.literalPrefix), "match without the prefix: \(shown)")
    require(
      prepared.scalars.reversed().starts(with: pattern.literalSuffix.reversed()),
      "match without the suffix: \(shown)")
    if prepared.scalars.count <= 4_096 {
      require(
        pattern.longestMatchingPrefix(of: prepared) == prepared.scalars.count,
        "a match not followed to the end: \(shown)")
    }
  }
  if part != .path && caseSensitive && percentEncoded && !source.contains("\\")
    && !source.contains("$(") && source.unicodeScalars.count <= 64
    && text.unicodeScalars.count <= 256
  {
    let expected = globMatch(Array(source.unicodeScalars), Array(text.unicodeScalars))
    require(
      matches == expected,
      "\(matches ? "a match" : "no match"), reference says \(expected): \(shown)")
  }
  return 0
}

/// `*` any run, `?` one scalar, anything else itself, by dynamic programming.
private func globMatch(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
  // reachable[t]: the pattern so far can end at text position t.
  var reachable = [Bool](repeating: false, count: text.count + 1)
  reachable[0] = true
  for element in pattern {
    var next = [Bool](repeating: false, count: text.count + 1)
    switch element {
    case "*":
      var any = false
      for position in 0...text.count {
        any = any || reachable[position]
        next[position] = any
      }
    default:
      for position in 0..<text.count where reachable[position] {
        if element == "?" || text[position] == element { next[position + 1] = true }
      }
    }
    reachable = next
  }
  return reachable[text.count]
}

// json-lint: the JSON reader and the linter on any bytes.
//
// Checks: nothing traps; every diagnostic points inside the input, in file order, with a message
// and help; no value means an AASA0xx error; the value the reader recovered, written back as
// compact JSON, reads again without errors (unless a number was invalid) and to the same value (so recovery never builds a
// value JSON cannot express); the linter sees the reader's value.

import AASACore

@testable import AASAWellKnown

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let read = JSONReader.read(bytes)
  let report = WellKnownLinter().lint(bytes)
  checkReport(report, of: bytes)
  require(report.json == read.value, "the linter and the reader disagree on the value")
  if report.kind == .assetLinks {
    checkReport(WellKnownLinter(kind: .appleAppSiteAssociation).lint(bytes), of: bytes)
  }
  // Numbers are kept as written, and the reader recovers from invalid ones (`-`, `01`), which
  // then stay invalid in the compact text: the round trip holds for values without them.
  if let value = read.value, numbersAreValid(value) {
    let compact = value.compactText
    let again = JSONReader.read(Array(compact.utf8))
    let errors = again.diagnostics.filter { $0.severity == .error }
    require(
      errors.isEmpty,
      "compact text of the value does not read back: \(errors.first!.code.rawValue) \(errors.first!.message) in \(compact.prefix(200))"
    )
    require(
      again.value?.compactText == compact,
      "compact text reads back to another value: \(compact.prefix(200))")
  }
  return 0
}

private func numbersAreValid(_ value: JSONValue) -> Bool {
  switch value.kind {
  case .object(let members): members.allSatisfy { numbersAreValid($0.value) }
  case .array(let elements): elements.allSatisfy(numbersAreValid)
  case .number(let text): isJSONNumber(Array(text.utf8))
  case .string, .bool, .null: true
  }
}

/// RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
private func isJSONNumber(_ text: [UInt8]) -> Bool {
  var index = 0
  func digits() -> Int {
    let start = index
    while index < text.count, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
    return index - start
  }
  if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
  if index < text.count, text[index] == UInt8(ascii: "0") {
    index += 1
  } else if digits() == 0 {
    return false
  }
  if index < text.count, text[index] == UInt8(ascii: ".") {
    index += 1
    if digits() == 0 { return false }
  }
  if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
    index += 1
    if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
      index += 1
    }
    if digits() == 0 { return false }
  }
  return index == text.count
}

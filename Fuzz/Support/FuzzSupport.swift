// Shared by every fuzz target. Fuzz/run.sh compiles the library targets once, with
// `-enable-testing`, and links each target (this file and one of Targets/) against them.

import AASACore

@testable import AASAWellKnown

/// Stops the run with `message` when `condition` fails: libFuzzer records the input as a crash.
/// Unlike `precondition`, it is checked in every build mode.
@inline(__always)
func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fatalError("fuzz invariant: \(message())", file: file, line: line) }
}

/// Splits fuzz input at its first NUL byte: the bytes before it, and the lines after it (nil when
/// the input has no NUL).
func splitAtFirstNUL(_ bytes: [UInt8]) -> (head: [UInt8], lines: [String]?) {
  guard let nul = bytes.firstIndex(of: 0) else { return (bytes, nil) }
  let tail = bytes[(nul + 1)...]
  let lines = tail.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  return (Array(bytes[..<nul]), lines)
}

/// Checks what every lint report must satisfy, whatever the input.
func checkReport(_ report: WellKnownReport, of bytes: [UInt8]) {
  var previous: SourceLocation?
  // ASL026 ("statement [n] is invalid, so Google ignores the whole file") sums up the errors
  // before it: it stands at the list's start, but comes last, after them (AssetLinksLinter).
  let summary = "ASL026"
  if let first = report.diagnostics.firstIndex(where: { $0.code.rawValue == summary }) {
    require(
      report.diagnostics[first...].allSatisfy { $0.code.rawValue == summary },
      "\(summary) before other diagnostics")
  }
  for diagnostic in report.diagnostics {
    let location = diagnostic.location
    require(
      location.offset >= 0 && location.offset <= bytes.count,
      "\(diagnostic.code.rawValue) offset \(location.offset) outside 0...\(bytes.count)")
    require(
      location.line >= 1 && location.line <= bytes.count + 1,
      "\(diagnostic.code.rawValue) line \(location.line)")
    require(
      location.column >= 1 && location.column <= bytes.count + 1,
      "\(diagnostic.code.rawValue) column \(location.column)")
    require(!diagnostic.message.isEmpty, "\(diagnostic.code.rawValue) without a message")
    require(!diagnostic.help.isEmpty, "\(diagnostic.code.rawValue) without help")
    if diagnostic.code.rawValue == summary { continue }
    if let previous {
      require(previous.offset <= location.offset, "diagnostics not in file order")
    }
    previous = location
  }
  if report.json == nil {
    require(
      report.diagnostics.contains { $0.severity == .error && $0.code.rawValue.hasPrefix("AASA0") },
      "no value but no AASA0xx error")
    require(report.association == nil, "an association without JSON")
  }
  if report.association != nil {
    require(report.kind == .appleAppSiteAssociation, "an association for \(report.kind)")
  }
}

func debugDescription(_ bytes: [UInt8]) -> String {
  String(decoding: bytes.prefix(200), as: UTF8.self)
}

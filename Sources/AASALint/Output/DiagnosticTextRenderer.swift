import AASA
import AASACore

/// Prints diagnostics the way compilers do: a `file:line:column: severity: message [CODE]` line
/// that editors and CI logs recognise, then the source line with a caret, then the fix.
package struct DiagnosticTextRenderer {
  package var fileName: String
  package var style: TerminalStyle
  private let source: [UInt8]
  /// The byte offset where each line starts, found once: a minified file is one long line, and
  /// each of thousands of findings on it must not scan it again.
  private let lineStarts: [Int]

  /// A line longer than this many scalars is shown as a window around the column.
  private static let widestLine = 160
  private static let windowRadius = 60

  package init(fileName: String, source: [UInt8], style: TerminalStyle) {
    self.fileName = fileName
    self.style = style
    self.source = source
    var starts = [0]
    for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(offset + 1)
    }
    self.lineStarts = starts
  }

  package func render(_ diagnostic: Diagnostic, to sink: OutputSink) {
    let location = diagnostic.location
    let severity: String
    switch diagnostic.severity {
    case .error: severity = style.red("error")
    case .warning: severity = style.yellow("warning")
    case .info: severity = style.blue("info")
    }
    // Messages quote the file; the file's control characters are shown, never acted on.
    let shownFile = fileName.escapingControlCharacters
    sink.line(
      style.bold("\(shownFile):\(location.line):\(location.column):") + " \(severity): "
        + style.bold(diagnostic.message.escapingControlCharacters) + " "
        + style.dim("[\(diagnostic.code.rawValue)]"))
    let gutter = String(repeating: " ", count: String(location.line).count)
    if let shown = sourceExcerpt(at: location) {
      sink.line(" \(style.dim("\(location.line) |")) \(shown.0)")
      let caretPadding = String(repeating: " ", count: max(0, shown.1 - 1))
      sink.line(" \(gutter) \(style.dim("|")) \(caretPadding)\(style.green("^"))")
    }
    if !diagnostic.path.isEmpty {
      sink.line(" \(gutter) \(style.dim("= at:")) \(diagnostic.path.escapingControlCharacters)")
    }
    sink.line(" \(gutter) \(style.dim("= help:")) \(diagnostic.help.escapingControlCharacters)")
  }

  /// The source line of `location`, or a window of a very long (minified) line around it, and
  /// the caret's column within what is shown. Works on bytes, in time proportional to what is
  /// shown, not to the line.
  private func sourceExcerpt(at location: SourceLocation) -> (String, Int)? {
    guard location.line >= 1, location.line <= lineStarts.count else { return nil }
    let lineStart = lineStarts[location.line - 1]
    var lineEnd =
      location.line < lineStarts.count ? lineStarts[location.line] - 1 : source.count
    if lineEnd > lineStart, source[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    func isScalarStart(_ offset: Int) -> Bool { source[offset] & 0xC0 != 0x80 }
    func text(_ range: Range<Int>) -> String {
      String(decoding: source[range], as: UTF8.self).replacing("\t", with: " ")
        .escapingControlCharacters
    }
    /// The caret's column once the scalars before it are shown escaped.
    func shownColumn(from start: Int, scalarsBefore: Int) -> Int {
      var end = start
      var counted = 0
      while end < lineEnd, counted < scalarsBefore {
        end += 1
        while end < lineEnd, !isScalarStart(end) { end += 1 }
        counted += 1
      }
      return text(start..<end).unicodeScalars.count + 1 + max(0, scalarsBefore - counted)
    }
    let widest = Self.widestLine
    if lineEnd - lineStart <= widest
      || (lineEnd - lineStart <= 4 * widest
        && (lineStart..<lineEnd).count(where: isScalarStart) <= widest)
    {
      return (
        text(lineStart..<lineEnd),
        shownColumn(from: lineStart, scalarsBefore: location.column - 1)
      )
    }
    let anchor = min(max(location.offset, lineStart), lineEnd)
    var start = anchor
    var before = 0
    while start > lineStart, before < Self.windowRadius {
      start -= 1
      if isScalarStart(start) { before += 1 }
    }
    var end = anchor
    var after = 0
    while end < lineEnd, after < Self.windowRadius {
      end += 1
      while end < lineEnd, !isScalarStart(end) { end += 1 }
      after += 1
    }
    var shown = text(start..<end)
    var caret = shownColumn(from: start, scalarsBefore: before)
    if start > lineStart {
      shown = "…" + shown
      caret += 1
    }
    if end < lineEnd { shown += "…" }
    return (shown, caret)
  }

  /// `2 errors, 1 warning, 3 infos`, or `no problems`.
  package static func summary(_ diagnostics: [Diagnostic], style: TerminalStyle) -> String {
    let counts = DiagnosticCounts(diagnostics)
    return counts.isEmpty ? style.green(counts.description) : counts.description
  }
}

import AASA

/// Prints diagnostics the way compilers do: a `file:line:column: severity: message [CODE]` line
/// that editors and CI logs recognise, then the source line with a caret, then the fix.
public struct DiagnosticTextRenderer {
  public var fileName: String
  public var style: TerminalStyle
  private let lines: [Substring]

  public init(fileName: String, source: [UInt8], style: TerminalStyle) {
    self.fileName = fileName
    self.style = style
    self.lines = String(decoding: source, as: UTF8.self)
      .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
  }

  public func render(_ diagnostic: Diagnostic, to sink: OutputSink) {
    let location = diagnostic.location
    let severity: String
    switch diagnostic.severity {
    case .error: severity = style.red("error")
    case .warning: severity = style.yellow("warning")
    case .info: severity = style.blue("info")
    }
    sink.line(
      style.bold("\(fileName):\(location.line):\(location.column):") + " \(severity): "
        + style.bold(diagnostic.message) + " " + style.dim("[\(diagnostic.code.rawValue)]"))
    let gutter = String(repeating: " ", count: String(location.line).count)
    if location.line - 1 < lines.count {
      let sourceLine = lines[location.line - 1].replacing("\t", with: " ")
        .replacing("\r", with: "")
      let shown =
        sourceLine.unicodeScalars.count > 160
        ? excerpt(sourceLine, around: location.column) : (String(sourceLine), location.column)
      sink.line(" \(style.dim("\(location.line) |")) \(shown.0)")
      let caretPadding = String(repeating: " ", count: max(0, shown.1 - 1))
      sink.line(" \(gutter) \(style.dim("|")) \(caretPadding)\(style.green("^"))")
    }
    if !diagnostic.path.isEmpty {
      sink.line(" \(gutter) \(style.dim("= at:")) \(diagnostic.path)")
    }
    sink.line(" \(gutter) \(style.dim("= help:")) \(diagnostic.help)")
  }

  /// A window of a very long (minified) line around the column, and the column within it.
  private func excerpt(_ line: Substring, around column: Int) -> (String, Int) {
    let scalars = Array(line.unicodeScalars)
    let start = max(0, column - 1 - 60)
    let end = min(scalars.count, column - 1 + 60)
    var text = String(String.UnicodeScalarView(scalars[start..<end]))
    var caret = column - start
    if start > 0 {
      text = "…" + text
      caret += 1
    }
    if end < scalars.count { text += "…" }
    return (text, caret)
  }

  /// `2 errors, 1 warning, 3 infos`, or `no problems`.
  public static func summary(_ diagnostics: [Diagnostic], style: TerminalStyle) -> String {
    let counts = Severity.allCases.reversed().map { severity in
      (severity, diagnostics.filter { $0.severity == severity }.count)
    }
    let parts = counts.filter { $0.1 > 0 }.map { severity, count in
      "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
    }
    return parts.isEmpty ? style.green("no problems") : parts.joined(separator: ", ")
  }
}

/// The one shape every format's linter has: a document in, a report of located findings out.
///
/// Apple's association files, Android's statement lists, App Links pages and route configs are
/// read by four libraries that know nothing of each other; this shape is what lets the command
/// line, the server and `aasa-lint files` treat them alike: pick the linter for a file, lint it,
/// render its diagnostics, and look at the format's own report only where they need more.
public protocol FormatLinter: Sendable {
  associatedtype Report: FormatReport

  /// Every finding about `document`, in file order, with what the format parsed from it.
  func lint(_ document: SourceDocument) -> Report
}

extension FormatLinter {
  /// Lints bytes that have no better name than `source`.
  public func lint(_ bytes: [UInt8], source: String = "-") -> Report {
    lint(SourceDocument(name: source, bytes: bytes))
  }
}

/// What a ``FormatLinter`` found in one document.
public protocol FormatReport: Sendable {
  /// File order.
  var diagnostics: [Diagnostic] { get }
}

extension FormatReport {
  /// Whether anything at or above `threshold` was found.
  public func hasFindings(atOrAbove threshold: Severity) -> Bool {
    diagnostics.contains(severity: threshold)
  }

  /// Whether the file must not be served or shipped: it has errors.
  public var hasErrors: Bool { hasFindings(atOrAbove: .error) }
}

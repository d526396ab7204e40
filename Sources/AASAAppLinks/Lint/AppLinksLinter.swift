import AASACore

/// Checks an App Links page: reads its `al:*` meta tags as a browser's DOM has them, then runs
/// the checks of `docs/applinks.md#diagnostics` and the publishing mistakes seen in practice.
public struct AppLinksLinter: FormatLinter {
  /// The URL the page is served at, when known: relative and missing values are judged against it.
  public var sourceURL: String?

  public init(sourceURL: String? = nil) { self.sourceURL = sourceURL }

  public func lint(_ document: SourceDocument) -> AppLinksReport {
    let reading = AppLinkParser.read(document.bytes, sourceURL: sourceURL)
    return AppLinksReport(diagnostics: Self.lint(reading), reading: reading)
  }

  /// The findings about a page already read, in page order.
  public static func lint(_ reading: PageReading) -> [Diagnostic] {
    AppLinksChecks.check(reading)
  }
}

/// Everything the library found in one page.
public struct AppLinksReport: FormatReport {
  /// Page order.
  public var diagnostics: [Diagnostic]
  /// The page as read: its tags and the App Link they make.
  public var reading: PageReading
}

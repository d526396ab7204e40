import AASAAppLinks
import AASACore

/// Pages written the way publishers write them, read as the linter reads them.
enum PageFixtures {
  static func read(_ html: String, sourceURL: String? = "http://example.com/docs") -> PageReading {
    AppLinkParser.read(Array(html.utf8), sourceURL: sourceURL)
  }

  /// A page whose head holds `tags` (one per line, starting on line 3).
  static func head(_ tags: String) -> String {
    "<!doctype html>\n<html><head>\n\(tags)\n</head><body>Hello</body></html>\n"
  }

  static func codes(_ html: String, sourceURL: String? = "http://example.com/docs") -> [String] {
    AppLinksLinter.lint(read(html, sourceURL: sourceURL)).map(\.code.rawValue)
  }
}

import AASACore
import AASAWellKnown
import Logging

/// Runs the `AASA` library over the files Apple's and Google's fetchers read, so a broken one is
/// never served. The checks themselves live in the library; this only decides which files get
/// them and how findings are shown.
public enum WellKnownValidation {
  /// The kind of association file a site path holds, or nil for ordinary files.
  public static func kind(of path: String) -> FileKind? {
    switch path {
    case SitePaths.appleAppSiteAssociation, SitePaths.legacyAppleAppSiteAssociation:
      .appleAppSiteAssociation
    case SitePaths.assetLinks: .assetLinks
    default: nil
    }
  }

  public struct Outcome: Sendable {
    public var diagnostics: [Diagnostic]
    public var hasErrors: Bool
    /// One line per finding, `FILE:LINE:COLUMN: severity: message [CODE]`.
    public func lines(file: String) -> [String] {
      diagnostics.map { WellKnownValidation.format($0, file: file) }
    }
  }

  /// Nil when the path is not an association file.
  /// - Parameter site: The site the file is served for, when it is one host, so the file is
  ///   checked against its own domain.
  public static func validate(_ bytes: [UInt8], path: String, site: SiteDomain? = nil) -> Outcome? {
    guard let kind = kind(of: path) else { return nil }
    let report = WellKnownLinter(kind: kind, site: site).lint(bytes, source: path)
    return Outcome(diagnostics: report.diagnostics, hasErrors: report.hasErrors)
  }

  /// The log level of a finding's line (``format(_:file:)``): its own severity, so that a log
  /// line never says `warning` and `error` at once.
  public static func logLevel(ofFinding line: String) -> Logger.Level {
    if line.contains(": error: ") { return .error }
    if line.contains(": info: ") { return .info }
    return .warning
  }

  public static func format(_ diagnostic: Diagnostic, file: String) -> String {
    "\(file):\(diagnostic.location.line):\(diagnostic.location.column): "
      + "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
  }
}

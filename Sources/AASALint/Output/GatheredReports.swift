import AASACore

/// A lint report's JSON document that says how many findings of each severity it holds, so that
/// `aasa-lint files` can add them up.
package protocol SummarizedReport: Encodable {
  var summary: SummaryJSON { get }
}

extension AssociationLintJSON.Document: SummarizedReport {}
extension RouteReportJSON: SummarizedReport {}
extension AppLinksReportJSON: SummarizedReport {}
extension ManifestReportJSON: SummarizedReport {}

/// What `aasa-lint files --format json` writes: every file's report, as `aasa-lint FILE --format
/// json` writes it, in one object.
struct GatheredReports {
  /// A report of any kind, encoded as itself.
  struct AnyReport: Encodable {
    let encodeReport: (any Encoder) throws -> Void

    init(_ report: some Encodable) { encodeReport = report.encode(to:) }

    func encode(to encoder: any Encoder) throws { try encodeReport(encoder) }
  }

  /// A file that could not be read, and why.
  struct Unreadable: Encodable {
    var file: String
    var problem: String
  }

  /// Every file's findings added up, and how many files there were.
  struct Totals: Encodable {
    var files = 0
    var unreadable = 0
    var errors = 0
    var warnings = 0
    var infos = 0
  }

  /// `--format json` of `aasa-lint files`: one object.
  ///
  /// ```
  /// {"files": [<each file's report, as aasa-lint FILE --format json prints it>],
  ///  "unreadable": [{"file", "problem"}], "summary": {"files", "unreadable", "errors",
  ///  "warnings", "infos"}}
  /// ```
  struct FilesReport: Encodable {
    var files: [AnyReport]
    var unreadable: [Unreadable]
    var summary: Totals
  }

  private(set) var reports: [AnyReport] = []
  private(set) var unreadable: [Unreadable] = []
  private(set) var totals = Totals()

  mutating func add(_ report: any SummarizedReport) {
    reports.append(AnyReport(report))
    totals.files += 1
    totals.errors += report.summary.errors
    totals.warnings += report.summary.warnings
    totals.infos += report.summary.infos
  }

  mutating func addUnreadable(file: String, problem: String) {
    unreadable.append(Unreadable(file: file, problem: problem))
    totals.unreadable += 1
  }

  var filesReport: FilesReport {
    FilesReport(files: reports, unreadable: unreadable, summary: totals)
  }
}

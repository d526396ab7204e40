import AASACore

/// A lint report that says how many findings of each severity it holds, so that `aasa-lint
/// files` can add them up.
protocol SummarizedReport: Encodable {
  var summary: SummaryJSON { get }
}

extension JSONReportWriter.Report: SummarizedReport {}
extension RouteReportJSON: SummarizedReport {}
extension AppLinksReportJSON: SummarizedReport {}
extension ManifestReportJSON: SummarizedReport {}

/// What `aasa-lint files` collects from each file's run in the structured formats, to write ONE
/// document at the end: for `--format json` every file's report in one object, for `--format
/// sarif` every file's results in one SARIF run. A run writes its document through
/// ``OutputSink/document(_:)`` or ``SARIFWriter``, which add it here when the sink gathers.
final class GatheredReports {
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
  var sarif = SARIFLog.Builder()

  func add(_ report: some Encodable) {
    reports.append(AnyReport(report))
    totals.files += 1
    if let summarized = report as? any SummarizedReport {
      totals.errors += summarized.summary.errors
      totals.warnings += summarized.summary.warnings
      totals.infos += summarized.summary.infos
    }
  }

  func addUnreadable(file: String, problem: String) {
    unreadable.append(Unreadable(file: file, problem: problem))
    totals.unreadable += 1
  }

  var filesReport: FilesReport {
    FilesReport(files: reports, unreadable: unreadable, summary: totals)
  }
}

extension OutputSink {
  /// Writes a run's one JSON document, or hands it to `aasa-lint files` when it gathers them.
  func document(_ report: some Encodable) {
    if let gathered {
      gathered.add(report)
    } else {
      line(JSONOutput.encode(report))
    }
  }
}

/// What one `aasa-lint` run found: the seam between a run and its output.
///
/// Every subcommand's run returns a report and writes nothing; ``ReportRenderer`` writes it in
/// the format asked for, through the format's protocol (``TextReport``, ``JSONReport``,
/// ``TSVReport``, ``SARIFReport``, ``GitHubReport``), and ``ExitStatus/init(for:)`` turns its
/// ``outcome`` into the exit status. The command line, `aasa-lint files` and the validator
/// page's API all go through these three steps, so they answer alike. See
/// [architecture.md](../../docs/architecture.md#the-report-seam).
package protocol Report {
  /// What the run's answer amounts to. Read after the report is rendered: a report that streams
  /// its routes (`--format tsv`) learns some of it while it writes them.
  var outcome: Outcome { get }
}

/// What a run's answer amounts to, from which the exit status is decided.
package enum Outcome: Int, Comparable, Sendable {
  /// Nothing at or above the threshold, every expectation met.
  case passed
  /// Findings at or above the threshold, an unmet expectation, a failed check.
  case failed
  /// The input could not be used at all (an unreadable file among several, a URL that is not
  /// one).
  case unusable

  package static func < (lhs: Outcome, rhs: Outcome) -> Bool { lhs.rawValue < rhs.rawValue }

  /// `.failed` when `failing`, else `.passed`.
  package init(failing: Bool) { self = failing ? .failed : .passed }
}

/// The exit codes of `aasa-lint`, a contract CI scripts rely on.
package enum ExitStatus: Int32, Sendable {
  /// No findings at or above the threshold (errors; warnings too under `--strict`).
  case success = 0
  /// Findings at or above the threshold, or (with expectations) a routing mismatch.
  case findings = 1
  /// A usage error or unreadable input.
  case usage = 2

  /// The exit status of a run: the one place it is decided, from the report alone. Usage errors
  /// never reach a report; the executable turns them into ``usage`` where it catches them.
  package init(for report: some Report) { self.init(report.outcome) }

  /// The exit status an outcome stands for, also written in JSON documents (`exitStatus`).
  package init(_ outcome: Outcome) {
    switch outcome {
    case .passed: self = .success
    case .failed: self = .findings
    case .unusable: self = .usage
    }
  }
}

/// The exit codes of `aasa-lint`, a contract CI scripts rely on.
public enum ExitStatus: Int32, Sendable {
  /// No findings at or above the threshold (errors; warnings too under `--strict`).
  case success = 0
  /// Findings at or above the threshold, or (with expectations) a routing mismatch.
  case findings = 1
  /// A usage error or unreadable input.
  case usage = 2
}

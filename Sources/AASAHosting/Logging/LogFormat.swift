/// How log lines look on standard output.
public enum LogFormat: String, Sendable, CaseIterable {
  /// `2025-01-31T12:00:00.123Z info message key=value ...`, for people.
  case text
  /// One JSON object per line, for log collectors.
  case json
}

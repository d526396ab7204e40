/// How much a finding matters. Ordered, so `severity >= .warning` reads as a threshold.
public enum Severity: String, Comparable, Sendable, CaseIterable {
  case info
  case warning
  case error

  private var rank: Int {
    switch self {
    case .info: 0
    case .warning: 1
    case .error: 2
    }
  }

  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One line of a live check: a requirement of Apple's (or Google's) fetcher, whether the site met
/// it, and what was seen.
///
/// `pass` and `info` never fail a check, `warn` is worth fixing but Apple accepts it, `fail` means
/// the fetcher will not use the file.
public struct Requirement: Sendable, Hashable {
  public enum Status: String, Sendable, Hashable, CaseIterable, Comparable {
    case pass, info, warn, fail

    private var rank: Int {
      switch self {
      case .pass: 0
      case .info: 1
      case .warn: 2
      case .fail: 3
      }
    }

    public static func < (lhs: Status, rhs: Status) -> Bool { lhs.rank < rhs.rank }
  }

  /// A short, stable name: `connection`, `tls-chain`, `status`, `content-type`, ...
  public var name: String
  public var status: Status
  /// What was seen, for a person: `200 OK`, `text/html; charset=utf-8`, `more than 131072 bytes`.
  public var detail: String

  /// The line of a local file the finding is about: the `--expect` table's line of a mismatch.
  public var location: Location?

  /// A line of a local file, e.g. `routes.tsv:4`.
  public struct Location: Sendable, Hashable {
    public var file: String
    public var line: Int
    public init(file: String, line: Int) {
      self.file = file
      self.line = line
    }
  }

  public init(_ name: String, _ status: Status, _ detail: String, location: Location? = nil) {
    self.name = name
    self.status = status
    self.detail = detail
    self.location = location
  }

  /// The same line at most at `ceiling`: the legacy path's problems are warnings, not failures.
  func capped(at ceiling: Status) -> Requirement {
    Requirement(name, min(status, ceiling), detail, location: location)
  }
}

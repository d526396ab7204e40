/// A problem that stops the server from starting, with a message meant for the person who ran it.
/// No stack traces: the message says what is wrong and, where it can, what to do.
public struct StartupError: Error, CustomStringConvertible, Sendable {
  public enum Kind: Sendable {
    /// A flag, a file or a certificate is wrong: the process exits with status 2.
    case configuration
    /// A site file failed validation: the process exits with status 1.
    case invalidSite
  }

  public var kind: Kind
  /// The problem, or each finding of a refused file and then the refusal that sums them up: one
  /// line each where it is shown. A line may quote a line feed from a file; that one is shown
  /// escaped within its line, never as a line of its own.
  public var lines: [String]

  /// The lines, one after another.
  public var message: String { lines.joined(separator: "\n") }

  public init(_ kind: Kind, _ message: String) {
    self.init(kind, lines: [message])
  }

  /// A problem of several lines: each finding or problem, then the refusal that sums them up.
  public init(_ kind: Kind, lines: [String]) {
    self.kind = kind
    self.lines = lines
  }

  /// A configuration error: the common case.
  public init(_ message: String) {
    self.init(.configuration, message)
  }

  public var description: String { message }

  /// The process exit status this error maps to.
  public var exitCode: Int32 {
    switch kind {
    case .configuration: 2
    case .invalidSite: 1
    }
  }
}

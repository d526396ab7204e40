/// What a finished process left behind.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// From the start of the program to its exit: not the wait for a ``ProcessSlots`` slot, so a
  /// test that bounds a blow-up bounds the program, not the suite's queue.
  public var elapsed: Duration

  public init(status: Int32, stdout: String, stderr: String, elapsed: Duration = .zero) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.elapsed = elapsed
  }

  /// The standard output's non-empty lines.
  public var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// What a finished process left behind.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String

  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// The standard output's non-empty lines.
  public var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

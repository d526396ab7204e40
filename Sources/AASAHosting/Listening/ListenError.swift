/// Why a listener could not start (its address cannot be bound, or the handler refuses the
/// address it bound), in words for the person who started it: `aasa-serve` exits with status 2
/// on it, `aasa-lint web` too.
public struct ListenError: Error, CustomStringConvertible, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

/// A port of 127.0.0.1 that refuses every connection for as long as this value lives: a socket
/// bound to it that never listens. A port found free and closed again (bind to 0, close) could
/// be taken by another test's listener in the same process a moment later, and a test of a
/// refused connection then met a TLS server instead (an ACME test once did); this one cannot be.
public final class RefusedPort: Sendable {
  public let port: Int
  private let descriptor: Int32

  public init() throws {
    (descriptor, port) = try System.bindWithoutListening()
  }

  deinit { System.close(descriptor) }
}

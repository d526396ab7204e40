import Foundation

/// A TCP connection to 127.0.0.1 whose bytes a test writes by hand, in pieces and with pauses
/// between them (a head, then its body later), and whose answer it reads until the server
/// closes. Each blocking call runs on a thread of its own, so that no task thread waits on the
/// socket.
public final class RawConnection: @unchecked Sendable {
  // @unchecked: `closed` is only touched under `lock`.
  private let descriptor: Int32
  private let lock = NSLock()
  private var closed = false

  private init(descriptor: Int32) { self.descriptor = descriptor }

  public static func open(port: Int) async throws -> RawConnection {
    let descriptor = try await onThread { () throws -> Int32 in
      try System.connectToLoopback(port: port)
    }
    return RawConnection(descriptor: descriptor)
  }

  public func send(_ text: String) async {
    await send(Array(text.utf8))
  }

  public func send(_ bytes: [UInt8]) async {
    let descriptor = self.descriptor
    _ = try? await Self.onThread { System.send(descriptor, bytes) }
  }

  /// What the server sends until it closes, or until it is silent for `timeout` seconds; the
  /// status of the answer (0 when none came).
  public func answer(timeout: Int) async -> (status: Int, text: String) {
    let descriptor = self.descriptor
    let bytes =
      (try? await Self.onThread { System.receiveUntilClosed(descriptor, timeout: timeout) }) ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    let status =
      text.split(separator: "\r\n", maxSplits: 1).first
      .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
    return (status, text)
  }

  /// Whether the server ends the connection (closes or resets it) before it has been silent for
  /// `timeout` seconds, and what it sent first.
  public func serverCloses(within timeout: Int) async -> (closed: Bool, text: String) {
    let descriptor = self.descriptor
    let received =
      (try? await Self.onThread { System.receive(descriptor, timeout: timeout) })
      ?? (bytes: [], peerClosed: false)
    return (received.peerClosed, String(decoding: received.bytes, as: UTF8.self))
  }

  /// Closes the connection; again is nothing. A second `close(2)` of the number could close
  /// whatever another test opened since under it (a server's output pipe, say).
  public func close() {
    let first = lock.withLock {
      defer { closed = true }
      return !closed
    }
    if first { System.close(descriptor) }
  }

  private static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T)
    async throws -> T
  {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        do {
          continuation.resume(returning: try body())
        } catch {
          continuation.resume(throwing: error)
        }
      }.start()
    }
  }
}

import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A TCP listener on 127.0.0.1 that accepts every connection, holds it and never says a word,
/// not even TLS: the origin or CDN that hangs, for the tests of timeouts and deadlines.
public final class SilentListener: Sendable {
  let channel: any Channel
  private let accepted: NIOLockedValueBox<Int>
  /// The port the system picked.
  public var port: Int { channel.localAddress?.port ?? 0 }

  private init(channel: any Channel, accepted: NIOLockedValueBox<Int>) {
    self.channel = channel
    self.accepted = accepted
  }

  public static func start(host: String = "127.0.0.1") async throws -> SilentListener {
    let accepted = NIOLockedValueBox(0)
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { child in
        accepted.withLockedValue { $0 += 1 }
        return child.eventLoop.makeSucceededVoidFuture()
      }
      .bind(host: host, port: 0).get()
    return SilentListener(channel: channel, accepted: accepted)
  }

  /// The connections accepted so far.
  public var acceptedConnections: Int { accepted.withLockedValue { $0 } }

  /// Returns once `count` connections have been accepted (or after `limit`, for a test that
  /// then fails on what it sees): a test that needs a request to be holding its connection
  /// waits for that, not for a guess at how long it takes on a busy machine.
  public func waitForConnections(_ count: Int, limit: Duration = .seconds(60)) async {
    let deadline = ContinuousClock.now + limit
    while acceptedConnections < count, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Stops listening. Connections already accepted close with the test's event loop group.
  public func stop() async { try? await channel.close() }

  /// A port free now on 127.0.0.1 (nothing listens on it once this returns): for a refused
  /// connection, or for a program that cannot say which port 0 became.
  public static func freePort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
  }
}

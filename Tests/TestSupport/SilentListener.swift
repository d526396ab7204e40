import NIOCore
import NIOPosix

/// A TCP listener on 127.0.0.1 that accepts every connection, holds it and never says a word,
/// not even TLS: the origin or CDN that hangs, for the tests of timeouts and deadlines.
public final class SilentListener: Sendable {
  let channel: any Channel
  /// The port the system picked.
  public var port: Int { channel.localAddress?.port ?? 0 }

  private init(channel: any Channel) { self.channel = channel }

  public static func start(host: String = "127.0.0.1") async throws -> SilentListener {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
      .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
      .bind(host: host, port: 0).get()
    return SilentListener(channel: channel)
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

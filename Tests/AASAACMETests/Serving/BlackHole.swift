import NIOCore
import NIOPosix

/// A listener on 127.0.0.1 that accepts connections and never answers: a CA that hangs.
final class BlackHole: Sendable {
  let channel: Channel
  var port: Int { channel.localAddress?.port ?? 0 }

  private init(channel: Channel) { self.channel = channel }

  static func start() async throws -> BlackHole {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
      .bind(host: "127.0.0.1", port: 0).get()
    return BlackHole(channel: channel)
  }

  func stop() async { try? await channel.close() }
}

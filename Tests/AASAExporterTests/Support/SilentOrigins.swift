import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Origins that never answer: TCP listeners on 127.0.0.1, one per target, that accept a
/// connection and say nothing (a TLS handshake that never ends), then close it after `hold`, or
/// when the test releases them. A probe holds connections to its own target only, so the targets
/// with a connection open at once are the probes running at once, as seen from the origins; the
/// most of them is kept.
final class SilentOrigins: Sendable {
  struct Tally {
    /// Connections open now, by origin.
    var open: [Int: Int] = [:]
    /// Origins that were ever connected to.
    var reached: Set<Int> = []
    /// The most origins with a connection open at one moment.
    var mostAtOnce = 0
    var held: [any Channel] = []

    var busy: Int { open.values.filter { $0 > 0 }.count }
  }

  let listeners: [any Channel]
  let tally: NIOLockedValueBox<Tally>

  var ports: [Int] { listeners.map { $0.localAddress?.port ?? 0 } }
  var state: Tally { tally.withLockedValue { $0 } }

  private init(listeners: [any Channel], tally: NIOLockedValueBox<Tally>) {
    self.listeners = listeners
    self.tally = tally
  }

  /// `count` origins; each closes a connection after `hold`, or (nil) only on ``release()``.
  static func start(count: Int, hold: TimeAmount?) async throws -> SilentOrigins {
    let tally = NIOLockedValueBox(Tally())
    var listeners: [any Channel] = []
    for index in 0..<count {
      let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .childChannelInitializer { channel in
          tally.withLockedValue { tally in
            tally.open[index, default: 0] += 1
            tally.reached.insert(index)
            tally.mostAtOnce = max(tally.mostAtOnce, tally.busy)
            if hold == nil { tally.held.append(channel) }
          }
          // Counted down as the channel closes, whichever side closes it.
          channel.closeFuture.whenComplete { _ in
            tally.withLockedValue { $0.open[index, default: 1] -= 1 }
          }
          if let hold {
            channel.eventLoop.scheduleTask(in: hold) { channel.close(promise: nil) }
          }
          return channel.eventLoop.makeSucceededVoidFuture()
        }
        .bind(host: "127.0.0.1", port: 0).get()
      listeners.append(listener)
    }
    return SilentOrigins(listeners: listeners, tally: tally)
  }

  /// Closes every connection held until now.
  func release() {
    let held = tally.withLockedValue { tally in
      defer { tally.held = [] }
      return tally.held
    }
    for channel in held { channel.close(promise: nil) }
  }

  func stop() async {
    release()
    for listener in listeners { try? await listener.close() }
  }
}

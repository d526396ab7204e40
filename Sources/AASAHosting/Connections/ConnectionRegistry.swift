import NIOConcurrencyHelpers
import NIOCore

/// Knows every open connection: enforces the connection limit when one is accepted, and lets a
/// graceful shutdown ask them all to finish and then wait for them.
package final class ConnectionRegistry: Sendable {
  private let channels = NIOLockedValueBox([ObjectIdentifier: Channel]())
  private let limit: Int

  package init(limit: Int) {
    self.limit = limit
  }

  package var count: Int { channels.withLockedValue { $0.count } }

  /// Adds the connection if there is room. Returns false when the limit is reached.
  package func admit(_ channel: Channel) -> Bool {
    let admitted = channels.withLockedValue { channels in
      guard channels.count < limit else { return false }
      channels[ObjectIdentifier(channel)] = channel
      return true
    }
    if admitted {
      channel.closeFuture.whenComplete { [self] _ in
        _ = channels.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
      }
    }
    return admitted
  }

  /// Asks each connection to finish what it is doing and close: HTTP/1 connections close after
  /// the current response, HTTP/2 ones send GOAWAY.
  package func quiesceAll() {
    for channel in channels.withLockedValue({ Array($0.values) }) {
      channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
    }
  }

  /// Closes every connection now, cutting what is in flight (see `ConnectionGuard`).
  package func cutAll() {
    for channel in channels.withLockedValue({ Array($0.values) }) {
      channel.pipeline.fireUserInboundEventTriggered(CutConnectionEvent())
    }
  }

  /// Waits until every connection has closed, or the timeout passes. Returns whether all closed.
  package func waitUntilEmpty(timeout: TimeAmount) async -> Bool {
    let deadline = NIODeadline.now() + timeout
    while count > 0 {
      if NIODeadline.now() >= deadline { return false }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return true
  }
}

/// Returned by the child channel initializer to turn a connection away at the limit.
package struct ConnectionLimitReached: Error {
  package init() {}
}

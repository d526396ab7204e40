import NIOConcurrencyHelpers

/// The request-body bytes a hosted listener holds at once, across all its connections
/// (``HostedHandler/bodyBudget``): a body takes its share when its head declares its length (or,
/// sent in chunks, as each chunk arrives) and gives it back once its answer is written or its
/// connection closes. A per-request limit alone lets N connections hold N times it.
final class BodyBudget: Sendable {
  private let limit: Int
  private let held = NIOLockedValueBox(0)

  init(limit: Int) { self.limit = max(0, limit) }

  /// Takes `bytes` of the budget; false, taking nothing, when that would pass the limit.
  func take(_ bytes: Int) -> Bool {
    guard bytes > 0 else { return true }
    return held.withLockedValue { held in
      guard bytes <= limit - held else { return false }
      held += bytes
      return true
    }
  }

  /// Gives back `bytes` taken before.
  func giveBack(_ bytes: Int) {
    guard bytes > 0 else { return }
    held.withLockedValue { $0 = max(0, $0 - bytes) }
  }

  /// The bytes held now.
  var bytesHeld: Int { held.withLockedValue { $0 } }
}

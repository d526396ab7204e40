import NIOConcurrencyHelpers

/// The challenges this process has put up, by name, for the server to answer at once (the
/// TLS-ALPN-01 handshake, the HTTP-01 request) without reading `--acme-dir`; challenges that
/// other replicas put up are read from the folder (``ACMEStorage/loadChallenge(name:now:)``).
public final class ACMEChallengeBoard: Sendable {
  private let pending = NIOLockedValueBox<[String: PendingChallenge]>([:])

  public init() {}

  public func challenge(for name: String) -> PendingChallenge? {
    pending.withLockedValue { $0[name] }
  }

  func put(_ challenge: PendingChallenge) {
    pending.withLockedValue { $0[challenge.name] = challenge }
  }

  func remove(_ challenge: PendingChallenge) {
    pending.withLockedValue {
      if $0[challenge.name] == challenge { $0[challenge.name] = nil }
    }
  }
}

/// Answers the CA through the server: each challenge goes on the board (this replica) and into
/// `--acme-dir/challenges/` (the others) before the CA is told to validate.
struct SharedChallengeSolver: ACMEChallengeSolver {
  let type: ACMEChallengeType
  let board: ACMEChallengeBoard
  let storage: ACMEStorage

  func present(_ challenge: PendingChallenge) async throws {
    board.put(challenge)
    try storage.saveChallenge(challenge)
  }

  func remove(_ challenge: PendingChallenge) async {
    board.remove(challenge)
    storage.removeChallenge(name: challenge.name)
  }
}

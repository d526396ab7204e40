import AASACore
import AsyncHTTPClient
import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// `--acme-ask URL`: whether a name that is no configured site may have a certificate ordered on
/// demand, asked of the operator's endpoint (`GET URL?domain=NAME`; a 2xx answer is yes,
/// anything else, a redirect, an error or a timeout is no). Without it, such names are never
/// ordered: anyone can send any server name.
///
/// The handshake that brings a name never waits: ``consider(_:)`` only notes it, and the
/// question is asked in the background, once per name at a time. Answers are kept (yes for an
/// hour, no for ten minutes), at most ``Configuration/maximumNames`` of them, and at most
/// ``Configuration/asksPerMinute`` questions are asked at once, then one more every minute /
/// that many; names beyond are refused until later, and counted.
///
/// Each client network (its /24 for IPv4, its /64 for IPv6: what one client holds) has a share
/// of the minute's questions, ``Configuration/asksPerSourcePerMinute``, taken before the global
/// budget: one client sending random server names spends its share, not everyone's, and a real
/// on-demand name from elsewhere is still asked. Both are AASACore's ``RateLimit`` buckets (a
/// minute's questions at once, then one back every minute / that many), kept in the guard's
/// state so that a question is counted against both or neither. The share's table is bounded
/// (``Configuration/maximumNames`` networks) and small in practice: a network is kept only
/// while its bucket refills, and refilled ones go first.
public final class OnDemandGuard: Sendable {
  public struct Configuration: Sendable {
    public var askURL: String
    /// How long one question may take: to connect, between reads, and in all.
    public var timeout: Duration = .seconds(5)
    /// How long a yes is kept.
    public var allowFor: Duration = .seconds(3600)
    /// How long a no (or a question that failed) is kept.
    public var denyFor: Duration = .seconds(600)
    public var asksPerMinute = 60
    /// The questions one client network may have asked a minute: a sixth of the whole, so that
    /// spending it all takes six networks.
    public var asksPerSourcePerMinute = 10
    public var maximumNames = 10_000

    public init(askURL: String) { self.askURL = askURL }
  }

  private struct State {
    var decisions: [String: (allowed: Bool, until: Date)] = [:]
    var asking: Set<String> = []
    /// The minute's questions, under the one key ``OnDemandGuard/everyone``.
    var asked: RateLimit
    /// The minute's questions by client network (``OnDemandGuard/network(of:)``).
    var askedBySource: RateLimit
  }

  /// The key of the global budget.
  private static let everyone = "*"

  /// What ``consider(_:from:)`` did with a name.
  public enum Consideration: Sendable, Equatable {
    /// Decided already, or being asked about.
    case known
    /// Asked about now, in the background.
    case asking
    /// Not asked: not a name a CA issues for (`name`), the client network's share is spent
    /// (`source`), or the minute's questions or the table are (`rate`).
    case refused(reason: String)
  }

  public let configuration: Configuration
  private let state: NIOLockedValueBox<State>
  private let client: HTTPClient

  public init(configuration: Configuration) {
    self.configuration = configuration
    state = NIOLockedValueBox(
      State(
        asked: RateLimit(configuration.asksPerMinute, per: .seconds(60), maximumKeys: 1),
        askedBySource: RateLimit(
          configuration.asksPerSourcePerMinute, per: .seconds(60),
          maximumKeys: configuration.maximumNames)))
    let amount = configuration.timeout.timeAmount
    client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup,
      configuration: .init(
        redirectConfiguration: .disallow, timeout: .init(connect: amount, read: amount)))
  }

  public func shutdown() async { try? await client.shutdown() }

  /// The names the endpoint approved, still within their hour.
  public var approvedNames: [String] {
    let now = Date()
    return state.withLockedValue { state in
      state.decisions.filter { $0.value.allowed && $0.value.until > now }.map(\.key)
    }
  }

  /// Notes a server name a client asked for that no site has; asks about it in the background
  /// when it is not decided yet. Returns at once.
  ///
  /// - Parameter source: The client's address: its network's share is spent first. Nil: only
  ///   the global budget applies.
  @discardableResult
  public func consider(_ serverName: String, from source: SocketAddress? = nil) -> Consideration {
    consider(serverName, fromNetwork: source.flatMap(\.ipAddress).map(Self.network(of:)))
  }

  /// ``consider(_:from:)`` with the client's network already worked out, at `now`.
  @discardableResult
  func consider(_ serverName: String, fromNetwork network: String?, now: Date = Date())
    -> Consideration
  {
    guard let name = ACMEManager.manageable(serverName) else {
      CertificateMetrics.recordOnDemandRefusal(reason: "name")
      return .refused(reason: "name")
    }
    let decision: Consideration = state.withLockedValue { state in
      if let decision = state.decisions[name], decision.until > now { return .known }
      guard !state.asking.contains(name) else { return .known }
      let instant = now.durationSinceReferenceDate
      if let network, state.askedBySource.wait(for: network, at: instant) != nil {
        return .refused(reason: "source")
      }
      guard state.asked.wait(for: Self.everyone, at: instant) == nil,
        state.decisions.count + state.asking.count < configuration.maximumNames
      else { return .refused(reason: "rate") }
      state.asked.spend(Self.everyone, at: instant)
      if let network { state.askedBySource.spend(network, at: instant) }
      state.asking.insert(name)
      return .asking
    }
    guard decision == .asking else {
      if case .refused(let reason) = decision {
        CertificateMetrics.recordOnDemandRefusal(reason: reason)
      }
      return decision
    }
    Task { [self] in
      let allowed = await askEndpoint(name)
      if !allowed { CertificateMetrics.recordOnDemandRefusal(reason: "ask") }
      let until = Date() + (allowed ? configuration.allowFor : configuration.denyFor)
      state.withLockedValue { state in
        state.asking.remove(name)
        // Expired answers go first, so the table stays within its bound.
        let now = Date()
        state.decisions = state.decisions.filter { $0.value.until > now }
        state.decisions[name] = (allowed, until)
      }
    }
    return .asking
  }

  /// The network a client address stands for: the first three bytes of an IPv4 address (its
  /// /24), the first eight of an IPv6 one (its /64); an IPv4 address mapped into IPv6 is taken
  /// as IPv4. Text that is neither stands for itself.
  static func network(of address: String) -> String {
    var text = address
    if let zone = text.firstIndex(of: "%") { text = String(text[..<zone]) }
    let lower = text.lowercased()
    if lower.hasPrefix("::ffff:"), lower.dropFirst(7).contains(".") {
      text = String(lower.dropFirst(7))
    }
    if text.contains("."), !text.contains(":") {
      let parts = text.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4 else { return text }
      return parts.prefix(3).joined(separator: ".") + ".0/24"
    }
    guard let groups = ipv6Groups(lower) else { return text }
    return groups.prefix(4).map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
  }

  /// The eight 16-bit groups of an IPv6 address in text (`::` expanded); nil when it is not one.
  private static func ipv6Groups(_ text: String) -> [UInt16]? {
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    func groups(_ part: String) -> [UInt16]? {
      guard !part.isEmpty else { return [] }
      var values: [UInt16] = []
      for group in part.split(separator: ":", omittingEmptySubsequences: false) {
        guard group.count <= 4, let value = UInt16(group, radix: 16) else { return nil }
        values.append(value)
      }
      return values
    }
    guard let head = groups(halves[0]) else { return nil }
    if halves.count == 1 { return head.count == 8 ? head : nil }
    guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
    return head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
  }

  private func askEndpoint(_ name: String) async -> Bool {
    let separator = configuration.askURL.contains("?") ? "&" : "?"
    var request = HTTPClientRequest(url: configuration.askURL + separator + "domain=" + name)
    request.method = .GET
    do {
      let response = try await client.execute(
        request, timeout: configuration.timeout.timeAmount)
      // The body is not needed: the status says it.
      _ = try? await response.body.collect(upTo: 4096)
      return (200..<300).contains(response.status.code)
    } catch {
      return false
    }
  }
}

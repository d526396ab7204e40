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
/// ``Configuration/asksPerMinute`` questions are asked a minute; names beyond are refused
/// until later, and counted.
public final class OnDemandGuard: Sendable {
  public struct Configuration: Sendable {
    public var askURL: String
    public var timeout: Duration = .seconds(5)
    public var allowFor: TimeInterval = 3600
    public var denyFor: TimeInterval = 600
    public var asksPerMinute = 60
    public var maximumNames = 10_000

    public init(askURL: String) { self.askURL = askURL }
  }

  private struct State {
    var decisions: [String: (allowed: Bool, until: Date)] = [:]
    var asking: Set<String> = []
    var asked: [Date] = []
  }

  public let configuration: Configuration
  private let state = NIOLockedValueBox(State())
  private let client: HTTPClient

  public init(configuration: Configuration) {
    self.configuration = configuration
    let amount = TimeAmount.nanoseconds(
      configuration.timeout.components.seconds * 1_000_000_000
        + configuration.timeout.components.attoseconds / 1_000_000_000)
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
  public func consider(_ serverName: String) {
    guard let name = ACMEManager.manageable(serverName) else {
      CertificateMetrics.recordOnDemandRefusal(reason: "name")
      return
    }
    let now = Date()
    let ask: Bool = state.withLockedValue { state in
      if let decision = state.decisions[name], decision.until > now { return false }
      guard !state.asking.contains(name) else { return false }
      state.asked.removeAll { now.timeIntervalSince($0) > 60 }
      guard state.asked.count < configuration.asksPerMinute,
        state.decisions.count + state.asking.count < configuration.maximumNames
      else {
        CertificateMetrics.recordOnDemandRefusal(reason: "rate")
        return false
      }
      state.asked.append(now)
      state.asking.insert(name)
      return true
    }
    guard ask else { return }
    Task { [self] in
      let allowed = await askEndpoint(name)
      if !allowed { CertificateMetrics.recordOnDemandRefusal(reason: "ask") }
      let until = Date().addingTimeInterval(
        allowed ? configuration.allowFor : configuration.denyFor)
      state.withLockedValue { state in
        state.asking.remove(name)
        // Expired answers go first, so the table stays within its bound.
        let now = Date()
        state.decisions = state.decisions.filter { $0.value.until > now }
        state.decisions[name] = (allowed, until)
      }
    }
  }

  private func askEndpoint(_ name: String) async -> Bool {
    let separator = configuration.askURL.contains("?") ? "&" : "?"
    var request = HTTPClientRequest(url: configuration.askURL + separator + "domain=" + name)
    request.method = .GET
    do {
      let response = try await client.execute(request, timeout: .seconds(5))
      // The body is not needed: the status says it.
      _ = try? await response.body.collect(upTo: 4096)
      return (200..<300).contains(response.status.code)
    } catch {
      return false
    }
  }
}

import AASANetworkWords
import NIOCore

/// What went wrong on the way to the server, in words a person can act on: the name does not
/// resolve, the port refuses, nothing answered in time, or TLS failed. Never a stack trace.
public struct ConnectionProblem: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Stage: String, Sendable, Hashable {
    /// Before any byte was exchanged: DNS, TCP.
    case connection
    /// The TCP connection opened, the TLS handshake did not complete.
    case tls
    /// Connected; the response did not come (in time, or at all).
    case response
  }

  public var stage: Stage
  public var description: String

  public init(stage: Stage, _ description: String) {
    self.stage = stage
    self.description = description
  }

  /// Classifies any error from NIO, NIOSSL or AsyncHTTPClient, in the words of
  /// ``NetworkFailure`` (AASANetworkWords), the one mapping the ACME client uses too.
  public init(_ error: any Error, site: SiteAddress, timeout: TimeAmount) {
    if error is TLSProbeTimeout {
      self.init(
        stage: .tls,
        "the TLS handshake with \(site.host):\(site.port) did not finish within \(Self.secondsText(timeout)) s"
      )
      return
    }
    let failure = NetworkFailure(error, host: site.host, port: site.port, timeout: timeout)
    self.init(stage: Stage(failure.stage), failure.description)
  }

  /// An error from a library, in words (see ``NetworkFailure/words(_:)``).
  static func words(_ error: any Error) -> String { NetworkFailure.words(error) }

  static func secondsText(_ amount: TimeAmount) -> String { NetworkFailure.secondsText(amount) }
}

extension ConnectionProblem.Stage {
  init(_ stage: NetworkFailure.Stage) {
    switch stage {
    case .connection: self = .connection
    case .tls: self = .tls
    case .response: self = .response
    }
  }
}

import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

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

  /// Classifies any error from NIO, NIOSSL or AsyncHTTPClient.
  public init(_ error: any Error, site: SiteAddress, timeout: TimeAmount) {
    let seconds = Self.secondsText(timeout)
    let target = "\(site.host):\(site.port)"
    switch error {
    case let error as NIOConnectionError:
      if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
        self.init(stage: .connection, "cannot resolve \(site.host) (DNS lookup failed)")
      } else if let first = error.connectionErrors.first {
        self.init(Self.describe(first.error, target: target, seconds: seconds))
      } else {
        self.init(stage: .connection, "cannot connect to \(target)")
      }
    case let error as HTTPClientError:
      switch error {
      case .connectTimeout:
        self.init(stage: .connection, "no connection to \(target) within \(seconds) s (timed out)")
      case .tlsHandshakeTimeout:
        self.init(stage: .tls, "the TLS handshake with \(target) timed out after \(seconds) s")
      case .readTimeout, .deadlineExceeded:
        self.init(stage: .response, "no complete response within \(seconds) s (timed out)")
      case .remoteConnectionClosed:
        self.init(stage: .response, "the server closed the connection without a complete response")
      default:
        self.init(stage: .response, "the request failed: \(error)")
      }
    case is TLSProbeTimeout:
      self.init(stage: .tls, "the TLS handshake with \(target) did not finish within \(seconds) s")
    default:
      self.init(Self.describe(error, target: target, seconds: seconds))
    }
  }

  private init(_ pair: (Stage, String)) { self.init(stage: pair.0, pair.1) }

  private static func describe(_ error: any Error, target: String, seconds: String) -> (
    Stage, String
  ) {
    switch error {
    case let error as IOError:
      switch System.connectionFailure(error.errnoCode) {
      case .refused:
        return (.connection, "connection to \(target) refused (nothing listens there)")
      case .timedOut:
        return (.connection, "no connection to \(target) within \(seconds) s (timed out)")
      case .unreachable: return (.connection, "\(target) is unreachable")
      case .reset: return (.connection, "\(target) reset the connection")
      case .other:
        return (
          .connection, "cannot connect to \(target): \(System.describe(error.errnoCode))"
        )
      }
    case ChannelError.connectTimeout:
      return (.connection, "no connection to \(target) within \(seconds) s (timed out)")
    case ChannelError.eof, ChannelError.ioOnClosedChannel:
      return (.tls, "\(target) closed the connection during the TLS handshake")
    case let error as NIOSSLError:
      return (.tls, "TLS handshake with \(target) failed: \(shortTLSDescription(error))")
    case let error as BoringSSLError:
      return (.tls, "TLS handshake with \(target) failed: \(error)")
    case is SocketAddressError:
      return (.connection, "cannot resolve \(target) (DNS lookup failed)")
    default:
      return (.connection, "cannot connect to \(target): \(error)")
    }
  }

  private static func shortTLSDescription(_ error: NIOSSLError) -> String {
    switch error {
    case .handshakeFailed(let underlying): return "\(underlying)"
    case .uncleanShutdown: return "the server closed the connection mid-handshake"
    default: return "\(error)"
    }
  }

  static func secondsText(_ amount: TimeAmount) -> String {
    let seconds = Double(amount.nanoseconds) / 1e9
    return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

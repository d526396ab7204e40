import AsyncHTTPClient
import Foundation
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
      case .remoteConnectionClosed, .cancelled:
        self.init(stage: .response, "the server closed the connection without a complete response")
      default:
        self.init(stage: .response, "the request to \(target) failed (\(Self.words(error)))")
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
      return (.tls, "TLS handshake with \(target) failed: \(tlsWords(error))")
    case let error as NIOSSLExtraError where error == .failedToValidateHostname:
      return (
        .tls, "TLS handshake with \(target) failed: the certificate is not valid for this host name"
      )
    case is SocketAddressError:
      return (.connection, "cannot resolve \(target) (DNS lookup failed)")
    default:
      return (.connection, "cannot connect to \(target) (\(words(error)))")
    }
  }

  private static func shortTLSDescription(_ error: NIOSSLError) -> String {
    switch error {
    case .handshakeFailed(let underlying): return tlsWords(underlying)
    case .uncleanShutdown: return "the server closed the connection mid-handshake"
    default: return words(error)
    }
  }

  /// BoringSSL's reason (`CERTIFICATE_VERIFY_FAILED`, `TLSV1_ALERT_…`) in words, without its
  /// error numbers and source paths.
  private static func tlsWords(_ error: BoringSSLError) -> String {
    let text = "\(error)"
    // `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …/handshake.cc:320`
    var reason = ""
    if let marker = text.range(of: "OPENSSL_internal:") {
      reason = String(
        text[marker.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    switch reason {
    case "CERTIFICATE_VERIFY_FAILED":
      return
        "the server's certificate is not trusted (it does not lead to a trusted root, has expired, or names another host; a private CA's root must be trusted explicitly)"
    case "WRONG_VERSION_NUMBER", "HTTP_REQUEST":
      return "the server does not answer TLS on this port (plain HTTP?)"
    case "NO_SHARED_CIPHER", "UNSUPPORTED_PROTOCOL", "NO_SUPPORTED_VERSIONS_ENABLED":
      return "the server and the client have no TLS version or cipher in common"
    case "":
      return "the handshake failed"
    default:
      var words = reason.lowercased().replacing("_", with: " ")
      for prefix in ["sslv3 alert ", "tlsv1 alert "] where words.hasPrefix(prefix) {
        return "the server ended the handshake (\(words.dropFirst(prefix.count)))"
      }
      words = words.trimmingCharacters(in: .whitespaces)
      return "the handshake failed (\(words))"
    }
  }

  /// An error from a library, in words: its description without type names, error numbers and
  /// source paths, which say nothing to the person reading.
  static func words(_ error: any Error) -> String {
    if let error = error as? IOError {
      return System.describe(error.errnoCode).lowercased()
    }
    let text = "\(error)"
    // Descriptions like `handshakeFailed(NIOSSL.BoringSSLError…)` or `HTTPClientError.badURL`
    // name Swift types; the case name is the only part of them worth keeping.
    guard text.contains("(") || text.contains(".") else { return text }
    let head = text.prefix { $0 != "(" }
    let caseName = head.split(separator: ".").last.map(String.init) ?? String(head)
    var spaced = ""
    var previous: Character?
    for character in caseName where character.isLetter || character.isNumber {
      if character.isUppercase, let previous, previous.isLowercase { spaced += " " }
      spaced.append(character)
      previous = character
    }
    return spaced.isEmpty ? "an unexpected failure" : spaced.lowercased()
  }

  static func secondsText(_ amount: TimeAmount) -> String {
    let seconds = Double(amount.nanoseconds) / 1e9
    return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

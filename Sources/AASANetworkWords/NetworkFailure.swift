import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// What went wrong on the way to a server, in words a person can act on: the name does not
/// resolve, the port refuses, nothing answered in time, or TLS failed. One mapping from the
/// errors of NIO, NIOSSL, AsyncHTTPClient and the C library (`errno`) for every program that
/// connects (the live check's `ConnectionProblem`, the ACME client): their descriptions name
/// Swift types (`NIOConnectionError`, `SocketAddressError.UnknownHost`), error numbers and
/// BoringSSL's source paths, which say nothing to the person reading. ``kind`` lets a caller
/// decide what to do (an untrusted certificate is a setting to fix, a refusal a moment to wait).
public struct NetworkFailure: Error, Sendable, Hashable, CustomStringConvertible {
  public enum Stage: String, Sendable, Hashable {
    /// Before any byte was exchanged: DNS, TCP.
    case connection
    /// The TCP connection opened, the TLS handshake did not complete.
    case tls
    /// Connected; the response did not come (in time, or at all).
    case response
  }

  public enum Kind: Sendable, Hashable {
    case unresolved
    case refused
    case timedOut
    case unreachable
    case reset
    /// The server's certificate does not lead to a trusted root (or has expired, or names
    /// another host).
    case untrusted
    /// The certificate is not valid for the host name.
    case wrongName
    /// Any other TLS failure: no TLS on the port, nothing in common, an alert.
    case tls
    /// Connected, and the answer did not come whole.
    case noAnswer
    case other
  }

  public var stage: Stage
  public var kind: Kind
  public var description: String

  public init(stage: Stage, kind: Kind, _ description: String) {
    self.stage = stage
    self.kind = kind
    self.description = description
  }

  /// Classifies any error from NIO, NIOSSL or AsyncHTTPClient met connecting to `host:port`
  /// within `timeout`.
  public init(_ error: any Error, host: String, port: Int, timeout: TimeAmount) {
    let seconds = Self.secondsText(timeout)
    let target = "\(host):\(port)"
    switch error {
    case let error as NIOConnectionError:
      if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
        self.init(
          stage: .connection, kind: .unresolved, "cannot resolve \(host) (DNS lookup failed)")
      } else if let first = error.connectionErrors.first {
        self = Self.describe(first.error, host: host, target: target, seconds: seconds)
      } else {
        self.init(stage: .connection, kind: .other, "cannot connect to \(target)")
      }
    case let error as HTTPClientError:
      switch error {
      case .connectTimeout:
        self.init(
          stage: .connection, kind: .timedOut,
          "no connection to \(target) within \(seconds) s (timed out)")
      case .tlsHandshakeTimeout:
        self.init(
          stage: .tls, kind: .timedOut,
          "the TLS handshake with \(target) timed out after \(seconds) s")
      case .readTimeout, .deadlineExceeded:
        self.init(
          stage: .response, kind: .timedOut, "no complete response within \(seconds) s (timed out)")
      case .remoteConnectionClosed, .cancelled:
        self.init(
          stage: .response, kind: .noAnswer,
          "the server closed the connection without a complete response")
      default:
        self.init(
          stage: .response, kind: .other, "the request to \(target) failed (\(Self.words(error)))")
      }
    default:
      self = Self.describe(error, host: host, target: target, seconds: seconds)
    }
  }

  private static func describe(_ error: any Error, host: String, target: String, seconds: String)
    -> NetworkFailure
  {
    switch error {
    case let error as IOError:
      let kind = System.connectionFailure(error.errnoCode)
      switch kind {
      case .refused:
        return .init(
          stage: .connection, kind: kind, "connection to \(target) refused (nothing listens there)")
      case .timedOut:
        return .init(
          stage: .connection, kind: kind,
          "no connection to \(target) within \(seconds) s (timed out)")
      case .unreachable: return .init(stage: .connection, kind: kind, "\(target) is unreachable")
      case .reset: return .init(stage: .connection, kind: kind, "\(target) reset the connection")
      default:
        return .init(
          stage: .connection, kind: .other,
          "cannot connect to \(target): \(System.describe(error.errnoCode))")
      }
    case ChannelError.connectTimeout:
      return .init(
        stage: .connection, kind: .timedOut,
        "no connection to \(target) within \(seconds) s (timed out)")
    case ChannelError.eof, ChannelError.ioOnClosedChannel:
      return .init(
        stage: .tls, kind: .tls, "\(target) closed the connection during the TLS handshake")
    case let error as NIOSSLError:
      let (kind, words) = tlsWords(error)
      return .init(stage: .tls, kind: kind, "TLS handshake with \(target) failed: \(words)")
    case let error as BoringSSLError:
      let (kind, words) = tlsWords(error)
      return .init(stage: .tls, kind: kind, "TLS handshake with \(target) failed: \(words)")
    case let error as NIOSSLExtraError where error == .failedToValidateHostname:
      return .init(
        stage: .tls, kind: .wrongName,
        "TLS handshake with \(target) failed: the certificate is not valid for this host name")
    case is SocketAddressError, is SocketAddressError.UnknownHost:
      // The resolver throws the nested `UnknownHost`, which is not a `SocketAddressError`.
      return .init(
        stage: .connection, kind: .unresolved, "cannot resolve \(host) (DNS lookup failed)")
    default:
      return .init(
        stage: .connection, kind: .other, "cannot connect to \(target) (\(words(error)))")
    }
  }

  private static func tlsWords(_ error: NIOSSLError) -> (Kind, String) {
    switch error {
    case .handshakeFailed(let underlying): return tlsWords(underlying)
    case .uncleanShutdown: return (.tls, "the server closed the connection mid-handshake")
    default: return (.tls, words(error))
    }
  }

  /// BoringSSL's reason (`CERTIFICATE_VERIFY_FAILED`, `TLSV1_ALERT_…`) in words, without its
  /// error numbers and source paths.
  private static func tlsWords(_ error: BoringSSLError) -> (Kind, String) {
    let text = "\(error)"
    // `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at …/handshake.cc:320`
    var reason = ""
    if let marker = text.range(of: "OPENSSL_internal:") {
      reason = String(
        text[marker.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    }
    switch reason {
    case "CERTIFICATE_VERIFY_FAILED":
      return (
        .untrusted,
        "the server's certificate is not trusted (it does not lead to a trusted root, has expired, or names another host; a private CA's root must be trusted explicitly)"
      )
    case "WRONG_VERSION_NUMBER", "HTTP_REQUEST":
      return (.tls, "the server does not answer TLS on this port (plain HTTP?)")
    case "NO_SHARED_CIPHER", "UNSUPPORTED_PROTOCOL", "NO_SUPPORTED_VERSIONS_ENABLED":
      return (.tls, "the server and the client have no TLS version or cipher in common")
    case "":
      return (.tls, "the handshake failed")
    default:
      var words = reason.lowercased().replacing("_", with: " ")
      for prefix in ["sslv3 alert ", "tlsv1 alert "] where words.hasPrefix(prefix) {
        return (.tls, "the server ended the handshake (\(words.dropFirst(prefix.count)))")
      }
      words = words.trimmingCharacters(in: .whitespaces)
      return (.tls, "the handshake failed (\(words))")
    }
  }

  /// An error from a library, in words: its description without type names, error numbers and
  /// source paths, which say nothing to the person reading.
  public static func words(_ error: any Error) -> String {
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

  public static func secondsText(_ amount: TimeAmount) -> String {
    let seconds = Double(amount.nanoseconds) / 1e9
    return seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

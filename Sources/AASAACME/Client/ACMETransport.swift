import AASANetworkWords
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL

/// The HTTPS requests of an ACME client: the CA's certificate verified (system roots plus an
/// optional root file, such as a private CA's or Pebble's), no redirects followed, every body
/// read with a size cap and a deadline of its own.
struct ACMETransport: Sendable {
  let client: HTTPClient
  let timeout: Duration
  /// The connect timeout in force, for the words of a connection that timed out.
  let connectTimeout: Duration

  /// The largest JSON answer read: a directory, an order for 100 names, a problem document.
  static let jsonCap = 256 * 1024
  /// The largest certificate chain read, in PEM.
  static let chainCap = 1024 * 1024
  /// The longest wait for a connection to the CA.
  static let connectTimeout: Duration = .seconds(10)
  /// RFC 8555 §6.1: every request names its client.
  static let userAgent = "aasa-acme/1"

  init(trustRootFile: String?, timeout: Duration) {
    var tls = TLSConfiguration.makeClientConfiguration()
    tls.certificateVerification = .fullVerification
    tls.trustRoots = .default
    if let trustRootFile { tls.additionalTrustRoots = [.file(trustRootFile)] }
    // The connect timeout is for a CA that stays silent. AsyncHTTPClient would also try a
    // refused connection (or a failed handshake) again and again until it ran out, so a CA
    // that is down took the whole 10 s to be said, each attempt; it is not retried here: the
    // manager's own retries space the attempts out.
    let connect = min(timeout, Self.connectTimeout)
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls, redirectConfiguration: .disallow,
      timeout: .init(connect: connect.timeAmount, read: timeout.timeAmount),
      decompression: .disabled)
    configuration.httpVersion = .automatic
    configuration.connectionPool.retryConnectionEstablishment = false
    connectTimeout = connect
    client = HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    self.timeout = timeout
  }

  func shutdown() async throws { try await client.shutdown() }

  /// One answer: status, headers, and at most the cap of body.
  struct Response: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]

    var isProblem: Bool {
      status >= 400
        || headers.first(name: "Content-Type")?.lowercased().hasPrefix("application/problem+json")
          == true
    }

    /// `Replay-Nonce` when it is a plausible nonce: base64url, at most 512 characters.
    var nonce: String? {
      guard let value = headers.first(name: "Replay-Nonce"), !value.isEmpty,
        value.utf8.count <= 512, value.utf8.allSatisfy(Base64URL.isAlphabet)
      else { return nil }
      return value
    }

    var location: String? { headers.first(name: "Location") }

    func retryAfter(now: Date = Date()) -> Duration? {
      headers.first(name: "Retry-After").flatMap { RetryAfter.parse($0, now: now) }
    }
  }

  func send(
    _ method: HTTPMethod, _ url: String, body: [UInt8]? = nil, contentType: String? = nil,
    accept: String = "application/json", cap: Int = jsonCap
  ) async throws(ACMEError) -> Response {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "User-Agent", value: Self.userAgent)
    request.headers.add(name: "Accept", value: accept)
    if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
    if let body { request.body = .bytes(body) }
    do {
      let response = try await client.execute(request, timeout: timeout.timeAmount)
      let body = try await Self.readBody(response.body, within: timeout, cap: cap, url: url)
      return Response(status: Int(response.status.code), headers: response.headers, body: body)
    } catch let error as ACMEError {
      throw error
    } catch {
      throw Self.failure(error, method: method, url: url, connectTimeout: connectTimeout)
    }
  }

  /// A library's error in words (``NetworkFailure``), never its type names, `errno` or
  /// BoringSSL's source paths; a failed TLS handshake apart, since a setting fixes it.
  static func failure(
    _ error: any Error, method: HTTPMethod, url: String, connectTimeout: Duration
  )
    -> ACMEError
  {
    let parsed = URL(string: url)
    let host = parsed?.host ?? "the CA"
    let port = parsed?.port ?? 443
    let failure = NetworkFailure(error, host: host, port: port, timeout: connectTimeout.timeAmount)
    let what = "\(method.rawValue) \(ACMEProblem.clipped(url)): \(failure)"
    switch failure.kind {
    case .untrusted: return .tls(what, untrusted: true)
    case .wrongName, .tls: return .tls(what, untrusted: false)
    default: return .connection(what)
    }
  }

  /// The body, refused past `cap` bytes or after `timeout` from its start: AsyncHTTPClient's
  /// deadline ends with the head, and a CA trickling bytes would otherwise hold the client.
  static func readBody(
    _ stream: HTTPClientResponse.Body, within timeout: Duration, cap: Int, url: String
  ) async throws -> [UInt8] {
    try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
      group.addTask {
        var body: [UInt8] = []
        for try await buffer in stream {
          guard body.count + buffer.readableBytes <= cap else {
            throw ACMEError.unexpectedResponse("the answer of \(url) is larger than \(cap) bytes")
          }
          body.append(contentsOf: buffer.readableBytesView)
        }
        return body
      }
      group.addTask {
        try await Task.sleep(for: timeout)
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let body = first else {
        throw ACMEError.connection("the answer of \(url) took longer than \(timeout)")
      }
      return body
    }
  }
}

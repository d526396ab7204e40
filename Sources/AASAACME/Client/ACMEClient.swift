import AsyncHTTPClient
import Foundation
import NIOCore

/// An ACME client (RFC 8555) for one CA directory: nonces, signed requests, accounts, orders,
/// authorizations, challenges, finalization and download. ``issueCertificate(for:account:solver:within:)``
/// runs a whole order; the steps are public for callers that schedule them themselves.
///
/// Every request the CA answers with `badNonce` is sent again with the answer's nonce, at most
/// ``Configuration/badNonceRetries`` times. Call ``shutdown()`` when done.
public final class ACMEClient: Sendable {
  public struct Configuration: Sendable {
    /// The directory URL (`https://…/directory`).
    public var directoryURL: String
    /// A PEM file of roots trusted for the CA's HTTPS besides the system's: a private CA's, or
    /// Pebble's.
    public var trustRootFile: String?
    /// How long one request may take, body included.
    public var requestTimeout: Duration = .seconds(30)
    /// How many times a request refused with `badNonce` is sent again.
    public var badNonceRetries = 5
    /// How long to wait between polls when the CA sends no `Retry-After`.
    public var pollInterval: Duration = .seconds(1)
    /// The longest wait between two polls, whatever `Retry-After` says.
    public var longestPollWait: Duration = .seconds(60)

    public init(directoryURL: String, trustRootFile: String? = nil) {
      self.directoryURL = directoryURL
      self.trustRootFile = trustRootFile
    }
  }

  public let configuration: Configuration
  let transport: ACMETransport
  let nonces = NoncePool()
  private let cache = DirectoryCache()

  public init(_ configuration: Configuration) throws {
    _ = try ACMEURL.check(configuration.directoryURL, "the directory URL")
    guard configuration.badNonceRetries >= 0, configuration.requestTimeout > .zero,
      configuration.pollInterval >= .zero, configuration.longestPollWait >= .zero
    else { throw ACMEError.unusable("the client's limits must not be negative") }
    self.configuration = configuration
    transport = ACMETransport(
      trustRootFile: configuration.trustRootFile, timeout: configuration.requestTimeout)
  }

  /// Closes the client's connections.
  public func shutdown() async throws { try await transport.shutdown() }

  /// How many requests were sent again after a `badNonce`.
  public var badNonceRetries: Int { get async { await nonces.badNonceRetries } }

  /// The CA's directory, read once.
  public func directory() async throws -> ACMEDirectory {
    if let directory = await cache.directory { return directory }
    let response = try await transport.send(.GET, configuration.directoryURL)
    guard !response.isProblem else { throw try problem(in: response, request: "directory") }
    let directory = try ACMEJSON.decode(
      ACMEDirectory.self, from: response.body, what: "the directory")
    for url in directory.resourceURLs { _ = try ACMEURL.check(url, "a directory entry") }
    await cache.set(directory)
    return directory
  }

  /// A fresh nonce: one kept from an earlier answer, else `HEAD newNonce`.
  func nextNonce() async throws -> String {
    if let nonce = await nonces.take() { return nonce }
    let response = try await transport.send(.HEAD, try await directory().newNonce)
    guard let nonce = response.nonce else {
      throw ACMEError.unexpectedResponse(
        "newNonce answered \(response.status) with no usable Replay-Nonce")
    }
    return nonce
  }

  /// A signed POST to `url` (`payload` nil: POST-as-GET), sent again with a fresh nonce after
  /// each `badNonce`, up to the configured bound. A problem document becomes ``ACMEError/problem(_:request:)``.
  func post(
    _ url: String, payload: [UInt8]?, key: AccountKey, signer: FlattenedJWS.Signer,
    request: String, accept: String = "application/json", cap: Int = ACMETransport.jsonCap
  ) async throws -> ACMETransport.Response {
    var retries = 0
    while true {
      let jws = try FlattenedJWS.signed(
        payload: payload, url: url, nonce: try await nextNonce(), key: key, signer: signer)
      let response = try await transport.send(
        .POST, url, body: try ACMEJSON.encode(jws), contentType: "application/jose+json",
        accept: accept, cap: cap)
      if let nonce = response.nonce { await nonces.add(nonce) }
      guard response.isProblem else { return response }
      let failure = try problem(in: response, request: request)
      if case .problem(let document, _) = failure, document.isBadNonce,
        retries < configuration.badNonceRetries
      {
        retries += 1
        await nonces.countBadNonceRetry()
        continue
      }
      throw failure
    }
  }

  /// The error an answer with an error status or a problem document stands for.
  func problem(in response: ACMETransport.Response, request: String) throws -> ACMEError {
    guard let document = try? ACMEJSON.decode(ACMEProblem.self, from: response.body, what: "")
    else {
      return .httpStatus(response.status, request: request)
    }
    return .problem(document, request: request)
  }
}

/// The directory, once read.
private actor DirectoryCache {
  var directory: ACMEDirectory?
  func set(_ directory: ACMEDirectory) { self.directory = directory }
}

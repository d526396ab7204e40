import AASA
import AASACore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOSSL

/// Fetches well-known files the way Apple's fetcher does: a plain GET, no redirects followed, the
/// encodings NSURLSession accepts, and no more than 128 KB read (plus one byte, to know that there
/// was more). The body is returned as sent; ``BodyDecoder`` decodes it.
public struct ResourceFetcher: Sendable {
  /// Apple reads at most ``FileKind/maximumSize`` bytes; one more tells that the file is larger.
  public static let sizeCap = FileKind.maximumSize + 1
  /// What Apple's CDN crawler sends: rules keyed on it (bot protection, WAFs) apply to the check too.
  public static let appleUserAgent = "AASA-Bot/1.0.0"
  /// A current Safari on macOS: what a person testing the file in a browser sends. A site that
  /// answers this but not ``appleUserAgent`` treats Apple's fetcher differently.
  public static let browserUserAgent =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"

  let client: HTTPClient
  let timeout: TimeAmount
  /// Requests for this site (and its trailing-dot form) go to its plain name at this port, with
  /// the `Host` header they were written with: `--connect-to`'s other port (the address is the
  /// client's `dnsOverride`), or the site's own.
  let redirection: (site: SiteAddress, port: Int)?

  public init(
    client: HTTPClient, timeout: TimeAmount, redirection: (site: SiteAddress, port: Int)? = nil
  ) {
    self.client = client
    self.timeout = timeout
    self.redirection = redirection
  }

  /// A client configured for fetching: redirects disallowed, no decompression, timeouts.
  ///
  /// The origin's certificate is not verified here (`verifying` nil): ``CertificateJudge``
  /// reports on it separately, so that a bad certificate does not hide every other finding. A
  /// third party's answer, Apple's CDN's, is judged by nothing else, so its client verifies the
  /// certificate and the host name (`verifying`: the system's roots, plus the roots of its
  /// ``TrustRoots/filePath`` when it has one): an answer that fails is not used. Shut the client
  /// down after use. `dnsOverride` maps a host to the address to connect to instead
  /// (`--connect-to`); the TLS handshake still names the host.
  public static func makeClient(
    timeout: TimeAmount, group: any EventLoopGroup, dnsOverride: [String: String] = [:],
    verifying: TrustRoots? = nil
  ) -> HTTPClient {
    var tls = TLSConfiguration.makeClientConfiguration()
    if let verifying {
      tls.certificateVerification = .fullVerification
      tls.trustRoots = .default
      if let path = verifying.filePath { tls.additionalTrustRoots = [.file(path)] }
    } else {
      tls.certificateVerification = .none
    }
    // A server too slow to answer is also too slow to acknowledge TLS shutdown: don't wait NIOSSL's
    // default 5 s for it after the timeout has already been reported.
    tls.shutdownTimeout = .milliseconds(200)
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls, redirectConfiguration: .disallow,
      timeout: .init(connect: timeout, read: timeout), decompression: .disabled)
    configuration.httpVersion = .automatic
    configuration.dnsOverride = dnsOverride
    // A refused connection is the answer: trying again until the timeout would only hide it.
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(eventLoopGroup: group, configuration: configuration)
  }

  /// One answer for `url` from a client made for it and shut down afterwards, thrown or not:
  /// for a single file (``RemoteFile``, Apple's CDN copy of one host). `pinnedAddress`: connect
  /// there instead of resolving the host again; TLS and `Host` stay the host's.
  static func fetchOnce(
    _ url: String, host: String, pinnedAddress: String?, timeout: TimeAmount,
    group: any EventLoopGroup, verifying: TrustRoots? = nil
  ) async throws -> FetchedResource {
    let client = makeClient(
      timeout: timeout, group: group, dnsOverride: pinnedAddress.map { [host: $0] } ?? [:],
      verifying: verifying)
    do {
      let response = try await ResourceFetcher(client: client, timeout: timeout).fetch(url)
      try? await client.shutdown()
      return response
    } catch {
      try? await client.shutdown()
      throw error
    }
  }

  /// The server's answer for `url`, asked as `userAgent` (Apple's fetcher unless told otherwise);
  /// throws only when no answer came (connection, TLS, timeout). At most `cap` bytes of the body
  /// are read (`exceededCap` says there was more).
  public func fetch(
    _ url: String, userAgent: String = ResourceFetcher.appleUserAgent, cap: Int = sizeCap
  ) async throws -> FetchedResource {
    guard let canonical = Self.canonicalURL(url) else { throw HTTPClientError.invalidURL }
    var request = HTTPClientRequest(url: canonical)
    if let (site, port) = redirection {
      // The site's trailing-dot form (`example.com.`) goes to the same place, connected to
      // by the plain name with the dotted `Host`: the two are one DNS name, but the C library
      // looks only the plain one up in /etc/hosts, so a site reached through it failed its
      // trailing-dot check with "cannot resolve" (issue 40). The dotted host is what the
      // server is asked about, in `Host`, as Google's fetcher asks it.
      for origin in [site, site.withTrailingDot] where canonical.hasPrefix(origin.origin + "/") {
        let target = SiteAddress(host: site.host, port: port)
        request.url = target.origin + canonical.dropFirst(origin.origin.count)
        request.headers.add(name: "Host", value: origin.hostHeader)
        break
      }
    }
    request.method = .GET
    request.headers.add(name: "User-Agent", value: userAgent)
    request.headers.add(name: "Accept", value: "application/json, */*")
    // What NSURLSession, and so Apple's fetcher, asks for: a server that compresses only when
    // asked is judged on the body Apple gets.
    request.headers.add(name: "Accept-Encoding", value: "gzip, deflate, br")
    let response = try await client.execute(request, timeout: timeout)
    let (body, exceededCap) = try await Self.readBody(response.body, within: timeout, cap: cap)
    let headers = response.headers.map { FetchedResource.Header(name: $0.name, value: $0.value) }
    return FetchedResource(
      url: url, status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase,
      headers: headers, body: body, exceededCap: exceededCap)
  }

  /// The same fetcher with a shorter `timeout`: what is left of a budget shared by several
  /// fetches (the includes of one assetlinks.json).
  func within(_ timeout: TimeAmount) -> ResourceFetcher {
    ResourceFetcher(client: client, timeout: min(timeout, self.timeout), redirection: redirection)
  }

  /// `url` with its host as ``SiteAddress`` and ``FetchPolicy`` name it, percent-decoded and
  /// lower-cased (`https://REBIND.example/x`, `https://%72ebind.example/x` →
  /// `https://rebind.example/x`), or nil for a host that is not plain ASCII.
  ///
  /// AsyncHTTPClient looks a pinned address (`dnsOverride`) up by the host of the URL it is
  /// given, exactly as written, and resolves the name again when that misses. Pins are keyed by
  /// the lower-cased host, so a URL with an upper-case letter was vetted at one address and then
  /// resolved a second time, where a rebinding DNS answer could send it to an internal one (the
  /// security review's F1). Every request goes out under this spelling, so the host it looks up
  /// is the host that was vetted (``lookupHost(of:)``, checked here); a host for which that
  /// cannot be made sure is not fetched.
  static func canonicalURL(_ url: String) -> String? {
    guard var components = URLComponents(string: url),
      let encoded = components.percentEncodedHost, let host = components.host, !host.isEmpty
    else { return nil }
    let bracketed = host.hasPrefix("[") && host.hasSuffix("]")
    let bare = bracketed ? String(host.dropFirst().dropLast()) : host
    let lowered = bare.lowercased()
    if lowered.contains(":") {
      // An IPv6 literal: only its hexadecimal digits (and a zone) change case.
      if encoded != encoded.lowercased() { components.percentEncodedHost = encoded.lowercased() }
    } else {
      guard lowered.utf8.allSatisfy(Self.isPlainHostByte) else { return nil }
      if encoded != lowered { components.percentEncodedHost = lowered }
    }
    guard let canonical = components.string, lookupHost(of: canonical) == lowered else {
      return nil
    }
    return canonical
  }

  /// The host AsyncHTTPClient looks up in its `dnsOverride` for `url`: Foundation's `URL.host`,
  /// without the brackets of an IPv6 literal (as `DeconstructedURL` reads it on Linux).
  static func lookupHost(of url: String) -> String? {
    guard let host = URL(string: url)?.host, !host.isEmpty else { return nil }
    return host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
  }

  private static func isPlainHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// Reads at most ``sizeCap`` bytes of the body, within `timeout` of its start.
  ///
  /// AsyncHTTPClient's deadline ends when the head arrives, and its read timeout only bounds the
  /// wait for each piece: a server sending one byte every few seconds would hold the check for
  /// days. So the whole body has its own deadline.
  static func readBody(
    _ stream: HTTPClientResponse.Body, within timeout: TimeAmount, cap: Int = sizeCap
  ) async throws -> (body: [UInt8], exceededCap: Bool) {
    try await withThrowingTaskGroup(of: (body: [UInt8], exceededCap: Bool)?.self) { group in
      group.addTask {
        var body: [UInt8] = []
        for try await buffer in stream {
          let room = cap - body.count
          body.append(contentsOf: buffer.readableBytesView.prefix(room))
          // Stop reading: Apple would not read further either.
          if body.count >= cap { return (body, true) }
        }
        return (body, false)
      }
      group.addTask {
        try await Task.sleep(nanoseconds: UInt64(max(0, timeout.nanoseconds)))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let result = first else {
        throw HTTPClientError.deadlineExceeded
      }
      return result
    }
  }
}

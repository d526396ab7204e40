import AASACore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// `aasa-lint https://example.com/docs`: a page fetched as an App Links resolver fetches it, so
/// that its `al:*` tags can be linted and navigated.
///
/// The request sends `Prefer-Html-Meta-Tags: al`; up to 10 redirects are followed (as Bolts' web
/// view and the Facebook crawler do), the certificate is verified (system roots, or `--ca-file`),
/// only a final `200` counts, and at most 5 MB is read, decoded. The URL asked for, not the one
/// redirected to, is the App Link's source URL; the URL the page came from is returned too
/// (``Page/finalURL``).
///
/// Redirects are followed here, one hop at a time, so that each is judged before it is
/// connected to (``AddressPolicy/redirectRefusal(fromScheme:toScheme:toHost:askedHost:)``): a hop
/// from https to plain http, or to a loopback, private, link-local, unique-local, IPv4-mapped or
/// unspecified address on another host than the one asked for, is refused with the URL it would
/// have reached. A URL given directly may name such an address.
public enum PageFetcher {
  /// A fetched page: its body, and the URL it came from after redirects.
  public struct Page: Sendable, Hashable {
    public var body: [UInt8]
    /// The URL of the last request, the one that answered 200.
    public var finalURL: String
    /// Each URL redirected to, in order (the last is ``finalURL``).
    public var redirects: [String]
  }

  public static let maximumRedirects = 10
  public static let maximumSize = 5 * 1024 * 1024
  public static let userAgent = "aasa-lint/0.1 (App Links resolver: Prefer-Html-Meta-Tags: al)"

  /// Whether an argument names a page to fetch rather than a path.
  public static func isRemote(_ argument: String) -> Bool {
    let lowered = argument.lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// Whether a URL names an association file rather than a page: its path is under
  /// `/.well-known/` or is `/apple-app-site-association`.
  public static func namesAssociationFile(_ url: String) -> Bool {
    guard let schemeEnd = url.range(of: "://") else { return false }
    let rest = url[schemeEnd.upperBound...]
    let path = rest.drop { $0 != "/" }.prefix { $0 != "?" && $0 != "#" }
    return path.hasPrefix("/.well-known/") || path == "/apple-app-site-association"
  }

  /// The page's body; throws ``RemoteFile/FetchError`` saying why there is none.
  public static func fetch(
    url: String, caFile: String?, timeoutSeconds: Double,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws(RemoteFile.FetchError) -> [UInt8] {
    try await fetchPage(url: url, caFile: caFile, timeoutSeconds: timeoutSeconds, group: group).body
  }

  /// The page and the URL it came from; throws ``RemoteFile/FetchError`` saying why there is none.
  public static func fetchPage(
    url: String, caFile: String?, timeoutSeconds: Double,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws(RemoteFile.FetchError) -> Page {
    var tls = TLSConfiguration.makeClientConfiguration()
    if let caFile { tls.trustRoots = .file(caFile) }
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls,
      // Followed in ``follow(url:client:timeout:current:)``, each hop judged before it is connected to.
      redirectConfiguration: .disallow,
      timeout: .init(
        connect: .clampedSeconds(timeoutSeconds), read: .clampedSeconds(timeoutSeconds)),
      decompression: .enabled(limit: .size(maximumSize)))
    configuration.httpVersion = .automatic
    // A refused connection or a failed handshake is the answer: waiting and trying again until
    // the timeout would only hide it.
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroup: group, configuration: configuration)
    let result: Result<Page, RemoteFile.FetchError>
    do {
      result = .success(try await fetch(url: url, client: client, timeoutSeconds: timeoutSeconds))
    } catch {
      result = .failure(error)
    }
    try? await client.shutdown()
    return try result.get()
  }

  private static func fetch(url: String, client: HTTPClient, timeoutSeconds: Double)
    async throws(RemoteFile.FetchError) -> Page
  {
    func failure(_ reason: String) -> RemoteFile.FetchError {
      RemoteFile.FetchError(url: url, reason: reason)
    }
    let timeout = TimeAmount.clampedSeconds(timeoutSeconds)
    // The URL being asked, for naming the host and port of a failure.
    let current = CurrentURL(url)
    do {
      return try await withThrowingTaskGroup(of: Page?.self) { tasks in
        tasks.addTask {
          try await follow(url: url, client: client, timeout: timeout, current: current)
        }
        tasks.addTask {
          try await Task.sleep(nanoseconds: UInt64(max(0, timeout.nanoseconds)))
          return nil
        }
        defer { tasks.cancelAll() }
        guard let first = try await tasks.next(), let page = first else {
          throw failure("no complete answer within \(timeoutSeconds) seconds")
        }
        return page
      }
    } catch let error as RemoteFile.FetchError {
      throw error
    } catch {
      // The same words as for an association file: what failed, not the library's types.
      throw failure(
        ConnectionProblem(error, site: site(of: current.value), timeout: timeout).description)
    }
  }

  /// The URL a fetch is at, read after a failure to name where it failed.
  private final class CurrentURL: Sendable {
    private let url: PlatformLock<String>
    init(_ url: String) { self.url = PlatformLock(url) }
    var value: String {
      get { url.withLock { $0 } }
      set { url.withLock { $0 = newValue } }
    }
  }

  /// Asks `url`, then each URL it redirects to (at most ``maximumRedirects``, no cycle, each hop
  /// judged before it is connected to), and reads the page that answers 200.
  private static func follow(
    url: String, client: HTTPClient, timeout: TimeAmount, current: CurrentURL
  ) async throws -> Page {
    func failure(_ reason: String) -> RemoteFile.FetchError {
      RemoteFile.FetchError(url: url, reason: reason)
    }
    let policy = AddressPolicy()
    let askedHost = URLComponents(string: url)?.host ?? ""
    var target = url
    var redirects: [String] = []
    var visited: Set<String> = [url]
    while true {
      current.value = target
      var request = HTTPClientRequest(url: target)
      request.headers.add(name: "User-Agent", value: userAgent)
      request.headers.add(name: "Prefer-Html-Meta-Tags", value: "al")
      request.headers.add(name: "Accept", value: "text/html, */*")
      request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
      let response = try await client.execute(request, timeout: timeout)
      let code = Int(response.status.code)
      if [301, 302, 303, 307, 308].contains(code),
        let location = response.headers.first(name: "Location")
      {
        // The body of a redirect is not read past a little: the connection is dropped.
        _ = try? await response.body.collect(upTo: 64 * 1024)
        guard let next = URL(string: location, relativeTo: URL(string: target))?.absoluteURL,
          let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https",
          let host = URLComponents(url: next, resolvingAgainstBaseURL: false)?.host, !host.isEmpty
        else {
          throw failure(
            "\(Self.hopName(redirects.count + 1)) from \(target) goes to \(location), which is not an http or https URL; the final URL is \(target)"
          )
        }
        let nextURL = next.absoluteString
        let fromScheme = URLComponents(string: target)?.scheme ?? ""
        if let refusal = policy.redirectRefusal(
          fromScheme: fromScheme, toScheme: scheme, toHost: host, askedHost: askedHost)
        {
          throw failure(
            "\(Self.hopName(redirects.count + 1)) from \(target) to \(nextURL) is not followed: \(refusal); the final URL is \(nextURL), not fetched"
          )
        }
        guard redirects.count < maximumRedirects else {
          throw failure("more than \(maximumRedirects) redirects; the last went to \(nextURL)")
        }
        guard visited.insert(nextURL).inserted else {
          throw failure("the redirects go round in a cycle, back to \(nextURL)")
        }
        redirects.append(nextURL)
        target = nextURL
        continue
      }
      guard code == 200 else {
        let from = redirects.isEmpty ? "" : " from \(target), the final URL"
        throw failure(
          "\(response.status.code) \(response.status.reasonPhrase)\(from); only 200 counts")
      }
      var body: [UInt8] = []
      for try await buffer in response.body {
        body += buffer.readableBytesView
        if body.count > maximumSize {
          throw failure("the page is larger than \(maximumSize) bytes, a resolver's limit")
        }
      }
      return Page(body: body, finalURL: target, redirects: redirects)
    }
  }

  /// "the redirect", "redirect 2".
  private static func hopName(_ number: Int) -> String {
    number == 1 ? "the redirect" : "redirect \(number)"
  }

  /// The host and port a page's URL connects to, for naming them in a failure.
  private static func site(of url: String) -> SiteAddress {
    let components = URLComponents(string: url)
    var host = components?.host ?? url
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let defaultPort = components?.scheme?.lowercased() == "http" ? 80 : 443
    return SiteAddress(host: host, port: components?.port ?? defaultPort)
  }
}

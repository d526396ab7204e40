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
/// redirected to, is the App Link's source URL.
public enum PageFetcher {
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
    func failure(_ reason: String) -> RemoteFile.FetchError {
      RemoteFile.FetchError(url: url, reason: reason)
    }
    var tls = TLSConfiguration.makeClientConfiguration()
    if let caFile { tls.trustRoots = .file(caFile) }
    var configuration = HTTPClient.Configuration(
      tlsConfiguration: tls,
      redirectConfiguration: .follow(max: maximumRedirects, allowCycles: false),
      timeout: .init(
        connect: .nanoseconds(Int64(timeoutSeconds * 1e9)),
        read: .nanoseconds(Int64(timeoutSeconds * 1e9))),
      decompression: .enabled(limit: .size(maximumSize)))
    configuration.httpVersion = .automatic
    // A refused connection or a failed handshake is the answer: waiting and trying again until
    // the timeout would only hide it.
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroup: group, configuration: configuration)
    let result: Result<[UInt8], RemoteFile.FetchError>
    do {
      result = .success(try await fetch(url: url, client: client, timeoutSeconds: timeoutSeconds))
    } catch {
      result = .failure(error)
    }
    try? await client.shutdown()
    return try result.get()
  }

  private static func fetch(url: String, client: HTTPClient, timeoutSeconds: Double)
    async throws(RemoteFile.FetchError) -> [UInt8]
  {
    func failure(_ reason: String) -> RemoteFile.FetchError {
      RemoteFile.FetchError(url: url, reason: reason)
    }
    var request = HTTPClientRequest(url: url)
    request.headers.add(name: "User-Agent", value: userAgent)
    request.headers.add(name: "Prefer-Html-Meta-Tags", value: "al")
    request.headers.add(name: "Accept", value: "text/html, */*")
    request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
    let prepared = request
    let timeout = TimeAmount.nanoseconds(Int64(timeoutSeconds * 1e9))
    do {
      return try await withThrowingTaskGroup(of: [UInt8]?.self) { tasks in
        tasks.addTask {
          let response = try await client.execute(
            prepared, timeout: .nanoseconds(Int64(timeoutSeconds * 1e9)))
          guard response.status.code == 200 else {
            throw RemoteFile.FetchError(
              url: url,
              reason: "\(response.status.code) \(response.status.reasonPhrase); only 200 counts")
          }
          var body: [UInt8] = []
          for try await buffer in response.body {
            body += buffer.readableBytesView
            if body.count > maximumSize {
              throw RemoteFile.FetchError(
                url: url, reason: "the page is larger than \(maximumSize) bytes, a resolver's limit"
              )
            }
          }
          return body
        }
        tasks.addTask {
          try await Task.sleep(nanoseconds: UInt64(timeoutSeconds * 1e9))
          return nil
        }
        defer { tasks.cancelAll() }
        guard let first = try await tasks.next(), let body = first else {
          throw failure("no complete answer within \(timeoutSeconds) seconds")
        }
        return body
      }
    } catch let error as RemoteFile.FetchError {
      throw error
    } catch let error as HTTPClientError where error == .redirectLimitReached {
      throw failure("more than \(maximumRedirects) redirects")
    } catch let error as HTTPClientError where error == .redirectCycleDetected {
      throw failure("the redirects go round in a cycle")
    } catch {
      // The same words as for an association file: what failed, not the library's types.
      throw failure(ConnectionProblem(error, site: site(of: url), timeout: timeout).description)
    }
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

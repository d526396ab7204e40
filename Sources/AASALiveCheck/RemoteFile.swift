import AASA
import AASACore
import NIOCore
import NIOPosix

/// `aasa-lint https://example.com/.well-known/apple-app-site-association`: the file at an
/// `https://` URL, fetched as Apple's fetcher would fetch it, so that it can be linted and routed
/// like a local file.
///
/// No redirect is followed, the certificate must be valid for the host (system roots, or
/// `--ca-file`), only a `200` counts, and no more than 128 KB is read or decoded (gzip, deflate and
/// br are decoded). Anything else is a ``FetchError`` that says why, in one sentence.
public enum RemoteFile {
  public struct FetchError: Error, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "cannot fetch \(url): \(reason)" }
  }

  /// Whether an argument names a remote file rather than a path.
  public static func isRemote(_ argument: String) -> Bool {
    argument.lowercased().hasPrefix("https://")
  }

  /// The body of `url`, decoded; throws when Apple's fetcher would not get a file either.
  /// `pinnedAddress`: connect there (an address ``FetchPolicy`` vetted) instead of resolving the
  /// host again; TLS and `Host` stay the host's.
  public static func fetch(
    url: String, trust: TrustRoots = .system, timeoutSeconds: Double = 10,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    pinnedAddress: String? = nil
  ) async throws(FetchError) -> [UInt8] {
    func failure(_ reason: String) -> FetchError { FetchError(url: url, reason: reason) }
    let site: SiteAddress
    do {
      site = try SiteAddress(parsing: url)
    } catch {
      throw failure(error.reason)
    }
    guard RemoteFile.isRemote(url) else { throw failure("only https:// URLs are fetched") }
    let timeout = TimeAmount.clampedSeconds(timeoutSeconds)

    // The certificate is judged as a check judges it: a file Apple would refuse is not linted.
    do {
      let chain = try await TLSProbe.peerChain(
        of: site, connectingTo: pinnedAddress.map { (host: $0, port: site.port) },
        timeout: timeout, group: group)
      let judge = CertificateJudge(trustRoots: trust.store, trustRootsName: trust.name)
      if let failed = await judge.judge(chain, for: site).first(where: { $0.status == .fail }) {
        throw failure("the certificate fails \(failed.name): \(failed.detail)")
      }
    } catch let error as FetchError {
      throw error
    } catch {
      throw failure(ConnectionProblem(error, site: site, timeout: timeout).description)
    }

    let response: FetchedResource
    do {
      response = try await ResourceFetcher.fetchOnce(
        url, host: site.host, pinnedAddress: pinnedAddress, timeout: timeout, group: group)
    } catch {
      throw failure(ConnectionProblem(error, site: site, timeout: timeout).description)
    }
    switch response.status {
    case 200: break
    case 300..<400:
      let location = response.header("Location") ?? "(no Location header)"
      throw failure(
        "\(response.statusLine), redirecting to \(location); Apple does not follow redirects")
    default:
      throw failure("\(response.statusLine); only 200 counts")
    }
    let limit = FileKind.maximumSize
    if response.exceededCap { throw failure("it is larger than \(limit) bytes, Apple's limit") }
    let codings: [ContentCoding]
    switch ContentCoding.parse(response.header("Content-Encoding") ?? "") {
    case .success(let parsed): codings = parsed
    case .failure(let unknown): throw failure(unknown.description)
    }
    let decoded: DecodedBody
    do {
      decoded = try BodyDecoder.decode(response.body, codings: codings, limit: limit)
    } catch {
      throw failure(error.description)
    }
    if decoded.exceededLimit {
      throw failure("it is over 128 KB after decoding (more than \(limit) bytes), Apple's limit")
    }
    if HTMLDetection.looksLikeHTML(decoded.bytes) {
      throw failure("this is an HTML page, probably a catch-all route, not the file")
    }
    return decoded.bytes
  }
}

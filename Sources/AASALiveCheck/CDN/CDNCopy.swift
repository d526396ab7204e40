import AASACore
import NIOCore
import NIOPosix

/// Apple's CDN copy of a host's association file, read so that it can be compared with another
/// file (the validator's diff against the CDN, docs/validator.md): the copy's bytes, decoded from
/// their content coding, or why the CDN has none.
///
/// It is asked as ``LiveCheck`` asks it for a check (Apple's fetcher's User-Agent, the
/// certificate verified, since nothing else judges a third party's answer), and read as a
/// `curl -s` of the same URL would be, so that the bytes are what a person diffing the two files
/// by hand would compare: a signed copy stays signed, for the diff to read as it reads any file.
public enum CDNCopy {
  /// Why there is no copy to compare.
  public struct Missing: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
      /// The CDN answered, and has no copy: its failure headers, or a 404.
      case noCopy
      /// The CDN could not be asked, its certificate failed, or it answered something else.
      case unreachable
    }

    public var kind: Kind
    public var url: String
    /// What happened, in one sentence.
    public var reason: String
    /// What `Apple-Failure-Reason` and `Apple-Failure-Details` say, when the CDN sent them.
    public var failure: CDNFailure?

    public var description: String { reason }

    /// What the failure means and what to change at the origin, for `host`; empty without
    /// failure headers.
    public func advice(for host: String) -> String {
      guard let failure else { return "" }
      return failure.meaning + "; "
        + failure.explained.advice(pointingAtCheckLines: false)
        .replacingOccurrences(of: "HOST", with: host)
    }
  }

  /// `BASE/HOST`, as devices ask it.
  public static func url(base: String, host: String) -> String {
    CDNComparison.url(base: base, host: host)
  }

  /// Why Apple's CDN cannot hold a copy for `host` (a loopback or private address, a name that
  /// never resolves in public DNS), or nil when it can.
  public static func unreachableReason(host: String) -> String? {
    CDNReach.unreachableReason(SiteAddress(host: host, port: 443), systemTrust: true)
  }

  /// The CDN's copy for `host`, its content coding decoded (at most 128 KB, Apple's limit).
  /// `pinnedAddress`: connect there (an address ``FetchPolicy`` vetted for the CDN's host)
  /// instead of resolving the CDN's name again; TLS and `Host` stay the CDN's.
  public static func fetch(
    host: String, base: String, trust: TrustRoots = .system, timeoutSeconds: Double = 10,
    pinnedAddress: String? = nil, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async throws(Missing) -> [UInt8] {
    let url = url(base: base, host: host)
    func unreachable(_ reason: String) -> Missing {
      Missing(kind: .unreachable, url: url, reason: reason)
    }
    let cdn: SiteAddress
    do {
      cdn = try SiteAddress(parsing: url)
    } catch {
      throw unreachable("the CDN's URL \(url) cannot be used: \(error.reason)")
    }
    let timeout = TimeAmount.clampedSeconds(timeoutSeconds)
    let response: FetchedResource
    do {
      response = try await ResourceFetcher.fetchOnce(
        url, host: cdn.host, pinnedAddress: pinnedAddress, timeout: timeout, group: group,
        verifying: trust)
    } catch {
      let problem = ConnectionProblem(error, site: cdn, timeout: timeout)
      throw unreachable(
        problem.stage == .tls
          ? "Apple's CDN's answer is not used, because its TLS connection could not be verified: \(problem.description)"
          : "Apple's CDN could not be asked: \(problem.description)")
    }
    if let failure = CDNFailure(
      reason: response.header("Apple-Failure-Reason"),
      details: response.header("Apple-Failure-Details"))
    {
      let details = failure.details.map { $0.key.isEmpty ? $0.value : "\($0.key): \($0.value)" }
      throw Missing(
        kind: .noCopy, url: url,
        reason: "Apple's CDN has no copy for \(host): its last fetch of the origin failed: "
          + (failure.reason.isEmpty ? response.statusLine : failure.reason)
          + (details.isEmpty ? "" : " (\(details.joined(separator: "; ")))"),
        failure: failure)
    }
    switch response.status {
    case 200:
      break
    case 404:
      throw Missing(
        kind: .noCopy, url: url,
        reason:
          "Apple's CDN has no copy for \(host) yet (\(response.statusLine)): it has not fetched the file, or its last fetch failed"
      )
    default:
      throw unreachable("Apple's CDN answered \(response.statusLine), not a copy")
    }
    let limit = FileKind.maximumSize
    switch ResponseBody(response, limit: limit) {
    case .unknownCoding(let unknown):
      throw unreachable("Apple's CDN's copy: \(unknown.description)")
    case .identity where !response.exceededCap:
      return response.body
    case .decoded(_, let decoded) where !decoded.exceededLimit:
      return decoded.bytes
    default:
      throw unreachable(
        "Apple's CDN sent a body that cannot be read (undecodable, or over \(limit) bytes)")
    }
  }
}

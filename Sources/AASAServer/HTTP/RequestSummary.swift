import NIOHTTP1

/// The parts of a request that decide the answer, the same for HTTP/1.1 and HTTP/2.
public struct RequestSummary: Sendable {
  public var method: HTTPMethod
  public var target: String
  public var ifNoneMatch: [String]
  public var ifModifiedSince: String?
  public var acceptEncoding: [String]
  /// `Prefer-Html-Meta-Tags`, e.g. `al`: an HTML page is answered with only those meta tags.
  public var preferHtmlMetaTags: String?
  /// `User-Agent`: it decides a `links.json` answer, and nothing else.
  public var userAgent: String?

  public init(
    method: HTTPMethod, target: String, ifNoneMatch: [String] = [],
    ifModifiedSince: String? = nil, acceptEncoding: [String] = [],
    preferHtmlMetaTags: String? = nil, userAgent: String? = nil
  ) {
    self.userAgent = userAgent
    self.preferHtmlMetaTags = preferHtmlMetaTags
    self.method = method
    self.target = target
    self.ifNoneMatch = ifNoneMatch
    self.ifModifiedSince = ifModifiedSince
    self.acceptEncoding = acceptEncoding
  }
}

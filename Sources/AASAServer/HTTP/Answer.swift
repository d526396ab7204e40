import NIOCore

/// What to send back: a prepared response, and whether its body goes with it (not for HEAD).
public struct Answer: Sendable {
  public var response: PreparedResponse
  public var includeBody: Bool
  /// A `links.json` answer: which (`ios`, `android`, `web`, `in_app`, `preview`), for the access
  /// log and `/metrics`; nil for every other answer.
  public var link: String?

  public init(response: PreparedResponse, includeBody: Bool, link: String? = nil) {
    self.response = response
    self.includeBody = includeBody
    self.link = link
  }

  /// Body bytes actually sent, for the access log.
  public var bodyBytes: Int { includeBody ? response.body.readableBytes : 0 }
}

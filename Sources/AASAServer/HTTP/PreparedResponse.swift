import NIOCore
import NIOHTTP1

/// A response worked out ahead of time: status, header fields and body, plus the HTTP/1.1 status
/// line and headers already encoded, so answering a request is a lookup and a copy. Only the
/// `Date` and `Connection` headers are added per request. A class: an answer passes it on with
/// one reference count, where a struct's five buffers and arrays were counted one by one on every
/// request.
public final class PreparedResponse: Sendable {
  public let status: HTTPResponseStatus
  /// Header fields in the order they are sent, names in lower case (HTTP/2 requires it, and
  /// HTTP/1.1 does not care).
  public let fields: [(name: String, value: String)]
  /// Sent for GET; HEAD gets the same headers and no body. Empty for 304.
  public let body: ByteBuffer
  /// `HTTP/1.1 <status>\r\n` and every field as `name: value\r\n`, without the blank line.
  let http1Head: ByteBuffer
  /// `:status` and every field as nghttp2 name/value pairs, built once and handed to nghttp2
  /// without copying: a stream only adds `Date`.
  let http2Fields: HTTP2ResponseFields

  public init(status: HTTPResponseStatus, fields: [(name: String, value: String)], body: ByteBuffer)
  {
    self.status = status
    self.fields = fields
    self.body = body
    var head = ByteBuffer()
    head.writeString("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
    for field in fields {
      head.writeString(field.name)
      head.writeStaticString(": ")
      head.writeString(field.value)
      head.writeStaticString("\r\n")
    }
    self.http1Head = head
    self.http2Fields = HTTP2ResponseFields([(":status", String(status.code))] + fields)
  }

  /// The value of a header field, for tests and logs.
  public func field(_ name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  /// The fields every response carries, whatever it is.
  static let commonFields: [(name: String, value: String)] = [
    ("server", "aasa-serve"),
    // Browsers must not second-guess the declared type of a JSON or text file.
    ("x-content-type-options", "nosniff"),
  ]

  /// A small plain-text error response. Errors are not cached: a site being fixed should be
  /// seen as fixed at once.
  static func error(_ status: HTTPResponseStatus, extraFields: [(name: String, value: String)] = [])
    -> PreparedResponse
  {
    let text = "\(status.code) \(status.reasonPhrase)\n"
    return PreparedResponse(
      status: status,
      fields: commonFields + [
        ("content-type", "text/plain; charset=utf-8"),
        ("content-length", "\(text.utf8.count)"),
        ("cache-control", "no-store"),
      ] + extraFields,
      body: ByteBuffer(string: text))
  }

  static let badRequest = error(.badRequest)
  static let notFound = error(.notFound)
  /// Only GET and HEAD exist here; `Allow` says so, as RFC 9110 requires with a 405.
  static let methodNotAllowed = error(.methodNotAllowed, extraFields: [("allow", "GET, HEAD")])
  static let headersTooLarge = error(.requestHeaderFieldsTooLarge)
  static let serviceUnavailable = error(.serviceUnavailable)
  /// `--sites`: no site answers for the request's host (RFC 9110 section 15.5.20).
  static let misdirected = error(.misdirectedRequest)
}

import NIOCore
import NIOHTTP1

/// One encoding of a file's content with its two prepared answers. A class, so that choosing it
/// for a request copies one reference, not both answers.
public final class Representation: Sendable {
  public let etag: String
  public let ok: PreparedResponse
  public let notModified: PreparedResponse

  init(
    body: ByteBuffer, etag: String, contentType: String, contentEncoding: String?,
    sharedFields: [(name: String, value: String)]
  ) {
    self.etag = etag
    var fields = sharedFields + [("etag", etag), ("content-type", contentType)]
    if let contentEncoding { fields.append(("content-encoding", contentEncoding)) }
    // A 304 carries the validators and caching fields, but no content headers (RFC 9110 §15.4.5).
    self.notModified = PreparedResponse(
      status: .notModified,
      fields: fields.filter { $0.name != "content-type" && $0.name != "content-encoding" },
      body: ByteBuffer())
    fields.append(("content-length", "\(body.readableBytes)"))
    self.ok = PreparedResponse(status: .ok, fields: fields, body: body)
  }
}

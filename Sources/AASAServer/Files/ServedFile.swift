import AASACore
import Crypto
import NIOCore
import NIOHTTP1

/// One file of the site, held in memory with everything needed to answer for it. Immutable:
/// a changed file on disk becomes a new `ServedFile` in a new snapshot.
public final class ServedFile: Sendable {
  /// The canonical site path it was loaded for, e.g. `/.well-known/assetlinks.json`.
  public let path: String
  public let contentType: String
  /// Modification time in whole seconds, for `Last-Modified` and `If-Modified-Since`.
  public let lastModified: Int
  /// What was on disk when it was read; the reloader compares against it.
  public let fingerprint: FileFingerprint
  public let identity: Representation
  /// Present when compressing helped; clients that accept gzip get it.
  public let gzip: Representation?
  /// For an HTML page: its `Prefer-Html-Meta-Tags` answers (App Links resolvers ask for `al`).
  public let metaTags: MetaTagVariant?

  /// The bytes as stored, for tests and logs.
  public var bytes: ByteBuffer { identity.ok.body }

  public init(
    path: String, contents: [UInt8], lastModified: Int, fingerprint: FileFingerprint,
    cacheControl: String
  ) {
    self.path = path
    self.contentType = ContentType.forPath(path)
    self.lastModified = lastModified
    self.fingerprint = fingerprint
    let body = ByteBuffer(bytes: contents)
    let tag = Self.entityTag(contents)
    let isPage = contentType.hasPrefix("text/html")
    let shared: [(name: String, value: String)] =
      PreparedResponse.commonFields + [
        ("last-modified", HTTPDate.format(lastModified)),
        ("cache-control", cacheControl),
        // Sent even without a gzip copy: caches must not assume the answer ignores the header.
        // A page is answered differently to `Prefer-Html-Meta-Tags` too, so a cache must not
        // give the whole page to a resolver, nor the tags alone to a browser.
        ("vary", isPage ? "Prefer-Html-Meta-Tags, Accept-Encoding" : "Accept-Encoding"),
      ]
    self.identity = Representation(
      body: body, etag: "\"\(tag)\"", contentType: contentType, contentEncoding: nil,
      sharedFields: shared)
    if ContentType.isCompressible(contentType), let compressed = Gzip.compress(body),
      compressed.readableBytes < body.readableBytes
    {
      // A different representation must have a different strong tag (RFC 9110 §8.8.3).
      self.gzip = Representation(
        body: compressed, etag: "\"\(tag)-gz\"", contentType: contentType,
        contentEncoding: "gzip", sharedFields: shared)
    } else {
      self.gzip = nil
    }
    self.metaTags =
      isPage
      ? MetaTagVariant(
        html: contents, baseTag: tag, lastModified: lastModified, cacheControl: cacheControl)
      : nil
  }

  /// The App Link findings of a page, one `FILE:LINE:COLUMN: severity: message [CODE]` line each;
  /// none for other files and for pages without `al:*` tags.
  func appLinkFindingLines(file: String) -> [String] {
    (metaTags?.appLinkFindings ?? []).map { WellKnownValidation.format($0, file: file) }
  }

  /// A content hash, so the tag is the same on every server behind a balancer and after restarts.
  static func entityTag(_ contents: [UInt8]) -> String {
    let digest = SHA256.hash(data: contents)
    return digest.prefix(16).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}

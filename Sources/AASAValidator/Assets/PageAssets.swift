import Foundation

/// The page's own files, decoded once from the sources the EmbedValidatorPage plugin generated
/// (Sources/AASAValidator/Page), served from an exact-path table: no path reaches the file system.
struct PageAssets: Sendable {
  struct Asset: Sendable {
    var contentType: String
    var bytes: [UInt8]
    var etag: String
  }

  static let shared = PageAssets()

  /// By request path: `/` is `index.html`, the others by their names.
  let byPath: [String: Asset]

  /// All the page's bytes, for the size budget (under 100 KB).
  var totalBytes: Int { byPath.filter { $0.key != "/" }.values.map(\.bytes.count).reduce(0, +) }

  init() {
    var table: [String: Asset] = [:]
    for (name, base64) in EmbeddedPage.files {
      guard let data = Data(base64Encoded: base64) else { continue }
      let bytes = [UInt8](data)
      let asset = Asset(
        contentType: Self.contentType(name), bytes: bytes, etag: Self.etag(bytes))
      table["/" + name] = asset
      if name == "index.html" { table["/"] = asset }
    }
    byPath = table
  }

  static func contentType(_ name: String) -> String {
    if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
    if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
    if name.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
    if name.hasSuffix(".svg") { return "image/svg+xml" }
    return "application/octet-stream"
  }

  /// FNV-1a over the bytes: enough to tell versions of a file apart.
  static func etag(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return "\"" + String(hash, radix: 16) + "\""
  }
}

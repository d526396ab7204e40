/// The `Content-Type` each served file gets. Decided once at load, from the site path.
public enum ContentType {
  /// The association files have no extension, but both Apple and Google want JSON.
  static let wellKnownJSONPaths: Set<String> = [
    SitePaths.appleAppSiteAssociation, SitePaths.legacyAppleAppSiteAssociation,
    SitePaths.assetLinks,
  ]

  /// Extension (lower case, no dot) to media type. Text types carry a charset because browsers
  /// otherwise guess.
  static let byExtension: [String: String] = [
    "json": "application/json",
    "html": "text/html; charset=utf-8",
    "htm": "text/html; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "css": "text/css; charset=utf-8",
    "js": "text/javascript; charset=utf-8",
    "mjs": "text/javascript; charset=utf-8",
    "xml": "application/xml",
    "csv": "text/csv; charset=utf-8",
    "md": "text/markdown; charset=utf-8",
    "svg": "image/svg+xml",
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "avif": "image/avif",
    "ico": "image/x-icon",
    "woff": "font/woff",
    "woff2": "font/woff2",
    "ttf": "font/ttf",
    "otf": "font/otf",
    "pdf": "application/pdf",
    "wasm": "application/wasm",
    "webmanifest": "application/manifest+json",
    "map": "application/json",
    "p7m": "application/pkcs7-mime",
    "pem": "application/x-pem-file",
    "zip": "application/zip",
    "gz": "application/gzip",
    "mp4": "video/mp4",
    "webm": "video/webm",
    "mp3": "audio/mpeg",
  ]

  /// Files with no known extension are opaque bytes; browsers then download instead of sniffing.
  static let fallback = "application/octet-stream"

  /// The media type for a canonical site path such as `/.well-known/assetlinks.json`.
  public static func forPath(_ path: String) -> String {
    if wellKnownJSONPaths.contains(path) { return "application/json" }
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
    let ext = name[name.index(after: dot)...].lowercased()
    return byExtension[ext] ?? fallback
  }

  /// Whether a gzip copy is worth trying: already-compressed formats only get bigger.
  static func isCompressible(_ type: String) -> Bool {
    type.hasPrefix("text/") || type.hasPrefix("application/json")
      || type.hasPrefix("application/xml") || type.hasPrefix("image/svg")
      || type.hasPrefix("application/manifest") || type.hasPrefix("application/wasm")
      || type.hasPrefix("application/x-pem") || type == "application/octet-stream"
  }
}

/// Tells an HTML page from an association file: a site whose router answers every path with its
/// home page (a single-page app, a CMS) serves HTML with status 200 where the file should be.
enum HTMLDetection {
  private static let openings = ["<!doctype html", "<html", "<head", "<body", "<!--", "<meta"]

  /// The body starts (after a byte order mark and white space) like an HTML document.
  static func looksLikeHTML(_ body: [UInt8]) -> Bool {
    var start = body.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while start < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[start]) { start += 1 }
    let head = String(decoding: body[start..<min(body.count, start + 32)], as: UTF8.self)
      .lowercased()
    return openings.contains { head.hasPrefix($0) }
  }
}

extension AndroidManifestFile {
  /// The root `<manifest>`'s `package` attribute, read from the start tag's bytes without parsing
  /// the whole file: what `${applicationId}` defaults to when the build file sets no
  /// `applicationId` (``GradlePlaceholders/resolving(package:)``), needed before the parse that
  /// resolves placeholders. Nil when the first element is not `<manifest` or has no `package`.
  public static func packageAttribute(of bytes: [UInt8]) -> String? {
    var locator = StartTagLocator(Array(bytes.prefix(1 << 20)))
    guard let tag = locator.next(named: "manifest"), let name = tag.attributes["package"] else {
      return nil
    }
    // The value: after `=` and spaces, inside the quotes that follow.
    var index = name.offset + "package".utf8.count
    let limit = min(bytes.count, index + 4_096)
    while index < limit, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
      index += 1
    }
    guard index < limit else { return nil }
    let quote = bytes[index]
    let start = index + 1
    guard let end = bytes[start..<limit].firstIndex(of: quote) else { return nil }
    let value = String(decoding: bytes[start..<end], as: UTF8.self)
    return value.isEmpty ? nil : value
  }
}

extension String {
  /// `bytes` as a string when they are valid UTF-8, nil otherwise. `String(validating:as:)` does
  /// this from macOS 15; decoding and comparing works everywhere, in one pass each way.
  @inlinable
  package init?<Bytes: Collection<UInt8>>(validUTF8 bytes: Bytes) {
    let decoded = String(decoding: bytes, as: UTF8.self)
    // Invalid sequences decode to U+FFFD, whose encoding differs from the bytes it replaced.
    guard decoded.utf8.elementsEqual(bytes) else { return nil }
    self = decoded
  }
}

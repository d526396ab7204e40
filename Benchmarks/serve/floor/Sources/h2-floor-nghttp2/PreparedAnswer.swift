import CNGHTTP2

/// The one answer every request gets, in memory for the life of the process: nghttp2 sends the
/// header fields without copying them (the NO_COPY flags), and every stream's body is read from
/// the same bytes. Immutable after `init`, hence shared by every event loop.
final class PreparedAnswer: @unchecked Sendable {
  let fields: UnsafeMutableBufferPointer<nghttp2_nv>
  let body: UnsafeRawBufferPointer

  init(body: [UInt8], contentType: String) {
    let pairs = [
      (":status", "200"), ("content-type", contentType), ("content-length", "\(body.count)"),
    ]
    let noCopy = UInt8(
      NGHTTP2_NV_FLAG_NO_COPY_NAME.rawValue | NGHTTP2_NV_FLAG_NO_COPY_VALUE.rawValue)
    fields = .allocate(capacity: pairs.count)
    for (index, (name, value)) in pairs.enumerated() {
      let name = Self.permanentBytes(Array(name.utf8))
      let value = Self.permanentBytes(Array(value.utf8))
      fields[index] = nghttp2_nv(
        name: name.baseAddress, value: value.baseAddress, namelen: name.count,
        valuelen: value.count, flags: noCopy)
    }
    self.body = UnsafeRawBufferPointer(Self.permanentBytes(body))
  }

  /// Bytes that are never freed: the answer lives as long as the process.
  private static func permanentBytes(_ bytes: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
    let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = copy.initialize(from: bytes)
    return UnsafeMutableBufferPointer(rebasing: copy[0..<bytes.count])
  }
}

import CNGHTTP2

/// A response's `:status` and header fields as nghttp2 name/value pairs, encoded once when the
/// response is prepared. nghttp2 is told not to copy them (the NO_COPY flags), so answering a
/// stream costs no string work: the pairs are read straight from here when the HEADERS frame is
/// serialized.
///
/// That is only safe while this object lives: a stream keeps the `Answer` that holds it until the
/// stream closes, so a reload that drops the response from the snapshot cannot free bytes that a
/// queued HEADERS frame still points at. Immutable after `init`, hence `Sendable`.
final class HTTP2ResponseFields: @unchecked Sendable {
  /// The pairs, each pointing into `storage`.
  let pairs: UnsafeMutableBufferPointer<nghttp2_nv>
  /// Every name and value, back to back.
  private let storage: UnsafeMutableBufferPointer<UInt8>

  init(_ fields: [(name: String, value: String)]) {
    let byteCount = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
    let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(byteCount, 1))
    let pairs = UnsafeMutableBufferPointer<nghttp2_nv>.allocate(capacity: max(fields.count, 1))
    let noCopy = UInt8(
      NGHTTP2_NV_FLAG_NO_COPY_NAME.rawValue | NGHTTP2_NV_FLAG_NO_COPY_VALUE.rawValue)
    var offset = 0
    func place(_ text: String) -> (UnsafeMutablePointer<UInt8>, Int) {
      let start = storage.baseAddress! + offset
      let count = UnsafeMutableBufferPointer(rebasing: storage[offset...]).initialize(
        fromContentsOf: text.utf8)
      offset += count
      return (start, count)
    }
    for (index, field) in fields.enumerated() {
      let (name, nameLength) = place(field.name)
      let (value, valueLength) = place(field.value)
      pairs[index] = nghttp2_nv(
        name: name, value: value, namelen: nameLength, valuelen: valueLength, flags: noCopy)
    }
    self.storage = storage
    self.pairs = pairs
    self.count = fields.count
  }

  /// How many pairs there are (`pairs` has room for at least one, even when this is 0).
  let count: Int

  deinit {
    pairs.deallocate()
    storage.deallocate()
  }
}

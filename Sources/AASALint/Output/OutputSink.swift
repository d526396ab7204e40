/// Where output goes: a file descriptor written through a large buffer (one `write` per 64 KiB,
/// not per line, so a million routed URLs cost little), or a string for tests.
package final class OutputSink {
  private let fileDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Everything written, when the sink collects instead of writing to a descriptor.
  package private(set) var collected: [UInt8] = []

  package init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// A sink that keeps what is written; read it with ``text``.
  package init() {
    self.fileDescriptor = nil
  }

  package static func standardOutput() -> OutputSink {
    OutputSink(fileDescriptor: System.standardOutput)
  }
  package static func standardError() -> OutputSink {
    OutputSink(fileDescriptor: System.standardError)
  }

  package var text: String { String(decoding: collected, as: UTF8.self) }

  package func write(_ string: String) {
    var string = string
    string.withUTF8 { write(bytes: $0) }
  }

  package func write(_ string: Substring) {
    var string = string
    string.withUTF8 { write(bytes: $0) }
  }

  package func write<C: Collection>(bytes: C) where C.Element == UInt8 {
    guard fileDescriptor != nil else {
      collected.append(contentsOf: bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  package func line(_ string: String = "") {
    write(string)
    write(bytes: CollectionOfOne(UInt8(ascii: "\n")))
  }

  package func flush() {
    guard let fileDescriptor, !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        guard
          let written = try? System.write(
            fileDescriptor, UnsafeRawBufferPointer(rebasing: raw[offset...]))
        else {
          return  // The reader went away (EPIPE); nothing more can be said.
        }
        offset += written
      }
    }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit { flush() }
}

/// Where output goes: a file descriptor written through a large buffer (one `write` per 64 KiB,
/// not per line, so a million routed URLs cost little), or a string for tests.
public final class OutputSink {
  private let fileDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Everything written, when the sink collects instead of writing to a descriptor.
  public private(set) var collected: [UInt8] = []
  /// Set by `aasa-lint files` in the structured formats: each run's document is gathered here,
  /// and one document written for all of them at the end.
  var gathered: GatheredReports?

  public init(fileDescriptor: Int32) {
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// A sink that keeps what is written; read it with ``text``.
  public init() {
    self.fileDescriptor = nil
  }

  public static func standardOutput() -> OutputSink {
    OutputSink(fileDescriptor: System.standardOutput)
  }
  public static func standardError() -> OutputSink {
    OutputSink(fileDescriptor: System.standardError)
  }

  public var text: String { String(decoding: collected, as: UTF8.self) }

  public func write(_ string: String) {
    var string = string
    string.withUTF8 { write(bytes: $0) }
  }

  public func write(_ string: Substring) {
    var string = string
    string.withUTF8 { write(bytes: $0) }
  }

  public func write<C: Collection>(bytes: C) where C.Element == UInt8 {
    guard fileDescriptor != nil else {
      collected.append(contentsOf: bytes)
      return
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  public func line(_ string: String = "") {
    write(string)
    write(bytes: CollectionOfOne(UInt8(ascii: "\n")))
  }

  public func flush() {
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

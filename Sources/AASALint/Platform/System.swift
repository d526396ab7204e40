// The one file of AASALint that speaks to the C library: every system call the command line's
// library makes goes through here, so that the rest compiles alike on Linux (Glibc, Musl) and
// macOS (Darwin), whose C types and names differ.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#else
  #error("aasa-lint needs a C library: Glibc, Musl or Darwin")
#endif

enum System {
  /// A failed system call: its `errno`, said in words by ``description``.
  struct Failure: Error, CustomStringConvertible {
    var code: Int32
    var description: String { String(cString: strerror(code)) }
  }

  static let standardInput: Int32 = 0
  static let standardOutput: Int32 = 1
  static let standardError: Int32 = 2

  static func openForReading(_ path: String) throws(Failure) -> Int32 {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Failure(code: errno) }
    return descriptor
  }

  static func close(_ descriptor: Int32) {
    #if canImport(Darwin)
      _ = Darwin.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #else
      _ = Glibc.close(descriptor)
    #endif
  }

  /// Reads up to `buffer.count` bytes, trying again when a signal interrupts; 0 at the end.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(Failure) -> Int
  {
    while true {
      #if canImport(Darwin)
        let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.read(descriptor, buffer.baseAddress, buffer.count)
      #else
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno != EINTR { throw Failure(code: errno) }
    }
  }

  /// Writes some of `buffer`, trying again when a signal interrupts; how many bytes were written.
  static func write(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) throws(Failure) -> Int {
    while true {
      #if canImport(Darwin)
        let count = Darwin.write(descriptor, buffer.baseAddress, buffer.count)
      #elseif canImport(Musl)
        let count = Musl.write(descriptor, buffer.baseAddress, buffer.count)
      #else
        let count = Glibc.write(descriptor, buffer.baseAddress, buffer.count)
      #endif
      if count >= 0 { return count }
      if errno != EINTR { throw Failure(code: errno) }
    }
  }

  enum FileType {
    case directory
    case regular
    case other
  }

  /// What an open descriptor is and how large, when the system says.
  static func status(of descriptor: Int32) -> (type: FileType, size: Int)? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let type: FileType =
      switch status.st_mode & S_IFMT {
      case S_IFDIR: .directory
      case S_IFREG: .regular
      default: .other
      }
    return (type, Int(status.st_size))
  }

  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Whether `path` names something that exists (a `--grants` argument that is a file).
  static func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The cores the system has online, at least 1.
  static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

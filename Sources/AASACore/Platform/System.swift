#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed, and the errno it left: the one such error of the package (the
/// server's file reads, the ACME storage's writes, the listeners' binds), said in the C library's
/// words and never as a number. Each target keeps its own `Platform/System.swift` for the calls
/// it makes; this is the lowest target they all stand on, and the only AASACore file that imports
/// the C library.
package struct SystemError: Error, CustomStringConvertible, Sendable {
  /// The call that failed, such as `realpath`.
  package var call: String
  /// The file it was made on, when there is one.
  package var path: String?
  package var code: Int32

  package init(call: String, path: String? = nil, code: Int32) {
    self.call = call
    self.path = path
    self.code = code
  }

  /// The call, its file and the words: `open /var/lib/acme/x: Permission denied`.
  package var description: String {
    guard let path else { return "\(call): \(Self.words(for: code))" }
    return isDiskFull
      ? "the disk is full (no space left for \(path))"
      : "\(call) \(path): \(Self.words(for: code))"
  }

  /// What went wrong, in words, without the call or the path, for a message that names the file
  /// itself: `permission denied`, `the disk is full`.
  package var reason: String {
    isDiskFull ? "the disk is full" : Self.words(for: code).lowercased()
  }

  /// ``reason`` of a system call's error; any other error (none is thrown where this is asked)
  /// is said without its type.
  package static func reason(of error: any Error) -> String {
    (error as? SystemError)?.reason ?? "the file system refused it"
  }

  /// No space left on the device, or the user's quota spent.
  package var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

  /// `strerror`: the C library's words for an errno value, such as `No such file or directory`.
  package static func words(for code: Int32) -> String { String(cString: strerror(code)) }
}

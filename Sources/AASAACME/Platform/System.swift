#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed, and the errno it left.
struct SystemError: Error, CustomStringConvertible {
  var call: String
  var path: String
  var code: Int32

  var description: String { "\(call) \(path): \(String(cString: strerror(code)))" }
}

/// The system calls of ACME storage: the only file of `AASAACME` that imports the C library.
enum System {
  /// `mkdir` with `permissions`; a folder that exists already is left as it is.
  static func makeDirectory(_ path: String, permissions: Int) throws(SystemError) {
    if mkdir(path, mode_t(permissions)) != 0 {
      let code = errno
      guard code == EEXIST else { throw SystemError(call: "mkdir", path: path, code: code) }
    }
  }

  /// Writes `bytes` to `path` so that a reader sees the old file or the new one, never part of
  /// one: a new file beside it (created with `permissions`, never wider), written, `fsync`ed,
  /// renamed over `path`, then the folder `fsync`ed so the rename survives a crash.
  static func writeAtomically(_ bytes: [UInt8], to path: String, permissions: Int)
    throws(SystemError)
  {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder)/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else { throw SystemError(call: "open", path: temporary, code: errno) }
    var closed = false
    do throws(SystemError) {
      // The umask may have narrowed the mode, never widened it; set it exactly.
      guard fchmod(descriptor, mode_t(permissions)) == 0 else {
        throw SystemError(call: "fchmod", path: temporary, code: errno)
      }
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + offset, $0.count - offset)
        }
        if written < 0 {
          if errno == EINTR { continue }
          throw SystemError(call: "write", path: temporary, code: errno)
        }
        offset += written
      }
      guard fsync(descriptor) == 0 else {
        throw SystemError(call: "fsync", path: temporary, code: errno)
      }
      closed = true
      guard close(descriptor) == 0 else {
        throw SystemError(call: "close", path: temporary, code: errno)
      }
      guard rename(temporary, path) == 0 else {
        throw SystemError(call: "rename", path: path, code: errno)
      }
    } catch {
      if !closed { close(descriptor) }
      unlink(temporary)
      throw error
    }
    let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      _ = fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }
}

import AASACore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

extension System {
  /// Creates `path` with `bytes` only if no file of that name exists (`O_EXCL`): the one way two
  /// replicas on a shared folder cannot both succeed. False when the file exists.
  static func createExclusively(_ bytes: [UInt8], at path: String, permissions: Int)
    throws(SystemError) -> Bool
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else {
      let code = errno
      if code == EEXIST { return false }
      throw SystemError(call: "open", path: path, code: code)
    }
    defer { close(descriptor) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        let code = errno
        unlink(path)
        throw SystemError(call: "write", path: path, code: code)
      }
      offset += written
    }
    _ = fsync(descriptor)
    return true
  }

  /// `unlink`; a file already gone is not an error.
  static func remove(_ path: String) {
    _ = unlink(path)
  }

  /// This process's id, for lock files.
  static var processID: Int { Int(getpid()) }

  /// This machine's name, for lock files: which replica holds a lock.
  static var hostName: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

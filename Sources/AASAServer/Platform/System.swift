import AASACore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls the server makes. This is the only file that imports the C library, so the
/// differences between Glibc, Musl and Darwin are dealt with here and nowhere else.
enum System {
  // MARK: Files

  /// What `stat` says about a file.
  struct FileStatus {
    enum Kind {
      case regular, directory, symbolicLink, other
    }

    var kind: Kind
    var fingerprint: FileFingerprint
  }

  /// `stat`, or `lstat` when `followingSymlinks` is false; nil when the path cannot be examined.
  static func status(ofPath path: String, followingSymlinks: Bool = true) -> FileStatus? {
    var info = stat()
    let result = followingSymlinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? FileStatus(info) : nil
  }

  /// `fstat`: what an open file is now.
  static func status(ofDescriptor descriptor: Int32) -> FileStatus? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
  }

  /// `realpath`: the absolute path with every symlink resolved.
  static func realPath(_ path: String) throws(SystemError) -> String {
    guard let resolved = realpath(path, nil) else {
      throw SystemError(call: "realpath", code: errno)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be opened.
  static func directoryEntries(atPath path: String) -> [String]? {
    guard let handle = opendir(path) else { return nil }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }

  /// Opens a file to read it; the descriptor is closed on exec. With `followingSymlinks` false, a
  /// symlink as the last component is refused (`O_NOFOLLOW`).
  static func openForReading(_ path: String, followingSymlinks: Bool) throws(SystemError) -> Int32 {
    let flags = O_RDONLY | O_CLOEXEC | (followingSymlinks ? 0 : O_NOFOLLOW)
    let descriptor = openFile(path, flags)
    guard descriptor >= 0 else { throw SystemError(call: "open", code: errno) }
    return descriptor
  }

  /// `read(2)`, again when a signal interrupts it. Returns the number of bytes read: 0 at the end.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    throws(SystemError) -> Int
  {
    while true {
      let count = readBytes(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      guard errno == EINTR else { throw SystemError(call: "read", code: errno) }
    }
  }

  /// `write(2)`, again when a signal interrupts it. Returns the number of bytes written.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int
  {
    while true {
      let count = writeBytes(descriptor, bytes.baseAddress, bytes.count)
      if count >= 0 { return count }
      guard errno == EINTR else { throw SystemError(call: "write", code: errno) }
    }
  }

  static func close(_ descriptor: Int32) {
    _ = closeDescriptor(descriptor)
  }

  // MARK: Time

  /// `time(2)`: whole seconds since 1970 by the system clock.
  static func secondsSince1970() -> Int {
    Int(time(nil))
  }

  /// The system clock (`CLOCK_REALTIME`) to the nanosecond.
  static func wallClock() -> (seconds: Int, nanoseconds: Int) {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return (Int(now.tv_sec), Int(now.tv_nsec))
  }

  // MARK: Signals

  /// SIGHUP: the operator asks for a reload.
  static let hangupSignal = SIGHUP

  /// Sets a signal to be ignored, so that its default action (ending the process, for SIGHUP)
  /// never runs and a dispatch source alone sees it.
  static func ignore(signal number: Int32) {
    _ = signal(number, SIG_IGN)
  }
}

extension System.FileStatus {
  fileprivate init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    #if canImport(Darwin)
      let modified = info.st_mtimespec
      let changed = info.st_ctimespec
    #else
      let modified = info.st_mtim
      let changed = info.st_ctim
    #endif
    // Darwin's dev_t is signed, Glibc's is not: the bits are what identify the device.
    fingerprint = FileFingerprint(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino),
      size: Int(info.st_size), modifiedSeconds: Int(modified.tv_sec),
      modifiedNanoseconds: Int(modified.tv_nsec),
      changedSeconds: Int(changed.tv_sec), changedNanoseconds: Int(changed.tv_nsec))
  }
}

// The C functions under names that `System`'s own `read`, `write` and `close` do not shadow.
private func openFile(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }

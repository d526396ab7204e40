#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file under the root that may be served.
public struct SiteEntry: Hashable, Sendable {
  /// Canonical site path, e.g. `/.well-known/assetlinks.json`.
  public var path: String
  /// The resolved file system path (symlinks followed), always inside the root.
  public var realPath: String
  public var fingerprint: FileFingerprint
}

/// A file under the root that is deliberately not served, and why.
public struct SkippedEntry: Hashable, Sendable, CustomStringConvertible {
  public enum Reason: String, Sendable {
    case hidden = "dotfiles are not served"
    case escapesRoot = "symlink points outside the root"
    case tooLarge = "larger than --max-file-size"
    case notRegularFile = "not a regular file"
    case unreadable = "cannot be read"
  }
  public var path: String
  public var reason: Reason
  public var description: String { "\(path): \(reason.rawValue)" }
}

/// Walks the root and lists what can be served. It only reads directory entries and `stat`s; the
/// contents are read later, and only for files that changed.
public struct SiteScanner: Sendable {
  public let root: String
  public let maxFileSize: Int
  /// The root with symlinks resolved: every served file's real path must start with it.
  public let realRoot: String

  public init(root: String, maxFileSize: Int) throws(StartupError) {
    self.root = root
    self.maxFileSize = maxFileSize
    guard let resolved = realpath(root, nil) else {
      throw StartupError("cannot open the site root \(root): \(String(cString: strerror(errno)))")
    }
    defer { free(resolved) }
    self.realRoot = String(cString: resolved)
    var info = stat()
    guard stat(realRoot, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw StartupError("the site root \(root) is not a directory")
    }
  }

  public struct Result: Sendable {
    public var entries: [String: SiteEntry] = [:]
    public var skipped: [SkippedEntry] = []
  }

  public func scan() -> Result {
    var result = Result()
    // Directories reached through symlinks are not followed: that keeps the walk finite and
    // the layout obvious. Files reached through symlinks are served if they stay in the root.
    walk(directory: realRoot, sitePrefix: "", depth: 0, into: &result)
    return result
  }

  private func walk(directory: String, sitePrefix: String, depth: Int, into result: inout Result) {
    guard depth < 32, let handle = opendir(directory) else { return }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name == "." || name == ".." { continue }
      names.append(name)
    }
    for name in names.sorted() {
      let sitePath = sitePrefix + "/" + name
      let fullPath = directory + "/" + name
      // Only `.well-known` itself may start with a dot, and only at the top.
      if name.hasPrefix(".") && !(depth == 0 && name == ".well-known") {
        result.skipped.append(SkippedEntry(path: sitePath, reason: .hidden))
        continue
      }
      var info = stat()
      guard lstat(fullPath, &info) == 0 else {
        result.skipped.append(SkippedEntry(path: sitePath, reason: .unreadable))
        continue
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR:
        walk(directory: fullPath, sitePrefix: sitePath, depth: depth + 1, into: &result)
      case S_IFREG:
        add(sitePath: sitePath, realPath: fullPath, info: info, into: &result)
      case S_IFLNK:
        guard let resolved = realpath(fullPath, nil) else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .unreadable))
          continue
        }
        let target = String(cString: resolved)
        free(resolved)
        guard target.hasPrefix(realRoot + "/") else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .escapesRoot))
          continue
        }
        var targetInfo = stat()
        guard stat(target, &targetInfo) == 0, targetInfo.st_mode & S_IFMT == S_IFREG else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .notRegularFile))
          continue
        }
        add(sitePath: sitePath, realPath: target, info: targetInfo, into: &result)
      default:
        result.skipped.append(SkippedEntry(path: sitePath, reason: .notRegularFile))
      }
    }
  }

  private func add(sitePath: String, realPath: String, info: stat, into result: inout Result) {
    guard Int(info.st_size) <= maxFileSize else {
      result.skipped.append(SkippedEntry(path: sitePath, reason: .tooLarge))
      return
    }
    result.entries[sitePath] = SiteEntry(
      path: sitePath, realPath: realPath, fingerprint: FileFingerprint(info))
  }

  /// Reads a file's bytes and checks that it did not change while being read: the fingerprint
  /// before and after must match the one the scan saw. Returns nil if it changed or vanished.
  public func read(_ entry: SiteEntry) -> [UInt8]? {
    // O_NOFOLLOW: the real path was resolved by the scan; a symlink swapped in since then is
    // refused rather than followed out of the root.
    let descriptor = open(entry.realPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var before = stat()
    guard fstat(descriptor, &before) == 0, FileFingerprint(before) == entry.fingerprint else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: entry.fingerprint.size)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        posixRead(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      offset += count
    }
    var after = stat()
    guard fstat(descriptor, &after) == 0, FileFingerprint(after) == entry.fingerprint else {
      return nil
    }
    return bytes
  }
}

/// `read(2)`, named apart from the method above.
private func posixRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}

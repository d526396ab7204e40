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
    do {
      self.realRoot = try System.realPath(root)
    } catch {
      throw StartupError("cannot open the site root \(root): \(error.reason)")
    }
    guard System.status(ofPath: realRoot)?.kind == .directory else {
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
    guard depth < 32, let names = System.directoryEntries(atPath: directory) else { return }
    for name in names {
      let sitePath = sitePrefix + "/" + name
      let fullPath = directory + "/" + name
      // Only `.well-known` itself may start with a dot, and only at the top.
      if name.hasPrefix(".") && !(depth == 0 && name == ".well-known") {
        result.skipped.append(SkippedEntry(path: sitePath, reason: .hidden))
        continue
      }
      guard let status = System.status(ofPath: fullPath, followingSymlinks: false) else {
        result.skipped.append(SkippedEntry(path: sitePath, reason: .unreadable))
        continue
      }
      switch status.kind {
      case .directory:
        walk(directory: fullPath, sitePrefix: sitePath, depth: depth + 1, into: &result)
      case .regular:
        add(sitePath: sitePath, realPath: fullPath, fingerprint: status.fingerprint, into: &result)
      case .symbolicLink:
        guard let target = try? System.realPath(fullPath) else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .unreadable))
          continue
        }
        guard target.hasPrefix(realRoot + "/") else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .escapesRoot))
          continue
        }
        guard let targetStatus = System.status(ofPath: target), targetStatus.kind == .regular
        else {
          result.skipped.append(SkippedEntry(path: sitePath, reason: .notRegularFile))
          continue
        }
        add(
          sitePath: sitePath, realPath: target, fingerprint: targetStatus.fingerprint,
          into: &result)
      case .other:
        result.skipped.append(SkippedEntry(path: sitePath, reason: .notRegularFile))
      }
    }
  }

  private func add(
    sitePath: String, realPath: String, fingerprint: FileFingerprint, into result: inout Result
  ) {
    guard fingerprint.size <= maxFileSize else {
      result.skipped.append(SkippedEntry(path: sitePath, reason: .tooLarge))
      return
    }
    result.entries[sitePath] = SiteEntry(
      path: sitePath, realPath: realPath, fingerprint: fingerprint)
  }

  /// Reads a file's bytes and checks that it did not change while being read: the fingerprint
  /// before and after must match the one the scan saw. Returns nil if it changed or vanished.
  public func read(_ entry: SiteEntry) -> [UInt8]? {
    // O_NOFOLLOW: the real path was resolved by the scan; a symlink swapped in since then is
    // refused rather than followed out of the root.
    guard let descriptor = try? System.openForReading(entry.realPath, followingSymlinks: false)
    else { return nil }
    defer { System.close(descriptor) }
    guard System.status(ofDescriptor: descriptor)?.fingerprint == entry.fingerprint else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: entry.fingerprint.size)
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        try? System.read(
          descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]))
      }
      guard let count, count > 0 else { return nil }
      offset += count
    }
    guard System.status(ofDescriptor: descriptor)?.fingerprint == entry.fingerprint else {
      return nil
    }
    return bytes
  }
}

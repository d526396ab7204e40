#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat` says about a file: enough to notice that it was replaced (inode), rewritten (size,
/// modification and change times) or moved to another file system (device).
public struct FileFingerprint: Hashable, Sendable {
  public var device: UInt64
  public var inode: UInt64
  public var size: Int
  public var modifiedSeconds: Int
  public var modifiedNanoseconds: Int
  public var changedSeconds: Int
  public var changedNanoseconds: Int

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
    #if canImport(Darwin)
      modifiedSeconds = Int(info.st_mtimespec.tv_sec)
      modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
      changedSeconds = Int(info.st_ctimespec.tv_sec)
      changedNanoseconds = Int(info.st_ctimespec.tv_nsec)
    #else
      modifiedSeconds = Int(info.st_mtim.tv_sec)
      modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
      changedSeconds = Int(info.st_ctim.tv_sec)
      changedNanoseconds = Int(info.st_ctim.tv_nsec)
    #endif
  }
}

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
}

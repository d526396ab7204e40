import AASACore

/// One app an App Link offers on one platform: the `i`-th value of each key of one group.
///
/// A key the group gives fewer than `i + 1` values is nil here; a key given by a tag without
/// `content` holds a ``TagValue`` whose `content` is nil.
public struct AppLinkTarget: Sendable, Hashable {
  public var platform: AppLinkPlatform
  /// Which group of its platform (0 for the first, in document order).
  public var group: Int
  /// Which target of its group (pairing by position).
  public var index: Int
  public var values: [AppLinkKey: TagValue]

  public init(
    platform: AppLinkPlatform, group: Int, index: Int, values: [AppLinkKey: TagValue]
  ) {
    self.platform = platform
    self.group = group
    self.index = index
    self.values = values
  }

  /// The content of `key`, when the page gave one.
  public func content(_ key: AppLinkKey) -> String? { values[key]?.content }

  public var url: String? { content(.url) }
  public var package: String? { content(.package) }
  public var className: String? { content(.className) }
  public var appName: String? { content(.appName) }

  /// The earliest tag that contributed to this target.
  public var location: SourceLocation {
    values.values.map(\.location).min() ?? .start
  }
}

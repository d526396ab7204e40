import AASACore

/// Everything read from one page: the HTML scan, the `al:*` tags in order, and the App Link they
/// make. The checks (``AppLinksLinter``) look at all three.
public struct PageReading: Sendable {
  public var scan: HTMLScan
  public var tags: [AppLinkTag]
  public var appLink: AppLink
  /// Per app platform, each group's targets, for the group checks.
  public var groups: [AppLinkPlatform: [[AppLinkTarget]]]
  /// The `web` groups' values per key, first group first (only the first is read).
  public var webGroups: [[AppLinkKey: [TagValue]]]
}

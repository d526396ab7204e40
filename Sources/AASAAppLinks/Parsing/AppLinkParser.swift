import AASACore

/// Reads a page into an ``AppLink`` exactly as Bolts does (`docs/applinks.md#how-a-page-is-read`).
public enum AppLinkParser {
  /// Reads `bytes` as HTML, the App Link's source URL being `sourceURL` (nil for a local file).
  public static func read(_ bytes: [UInt8], sourceURL: String?) -> PageReading {
    let scan = HTMLReader.read(bytes)
    return read(scan, sourceURL: sourceURL)
  }

  public static func read(_ scan: HTMLScan, sourceURL: String?) -> PageReading {
    let tags = AppLinkTag.tags(in: scan.metaElements)
    var tree = PropertyTree()
    for tag in tags { tree.add(names: tag.names, value: tag.value) }

    var targets: [AppLinkTarget] = []
    var groups: [AppLinkPlatform: [[AppLinkTarget]]] = [:]
    for platform in AppLinkPlatform.appPlatforms {
      var platformGroups: [[AppLinkTarget]] = []
      for (groupIndex, group) in tree.groups(of: platform.rawValue).enumerated() {
        let columns = platform.keys.map { key in (key, tree.values(key.rawValue, in: group)) }
        let count = columns.map(\.1.count).max() ?? 0
        var groupTargets: [AppLinkTarget] = []
        for index in 0..<count {
          var values: [AppLinkKey: TagValue] = [:]
          for (key, list) in columns where index < list.count { values[key] = list[index] }
          groupTargets.append(
            AppLinkTarget(platform: platform, group: groupIndex, index: index, values: values))
        }
        platformGroups.append(groupTargets)
        targets += groupTargets
      }
      groups[platform] = platformGroups
    }

    let webGroups = tree.groups(of: AppLinkPlatform.web.rawValue).map { group in
      Dictionary(
        uniqueKeysWithValues: AppLinkPlatform.web.keys.map {
          ($0, tree.values($0.rawValue, in: group))
        })
    }
    let firstWeb = webGroups.first
    let web = WebFallback(
      declaredURL: firstWeb?[.url]?.first, declaredShouldFallback: firstWeb?[.shouldFallback]?.first
    )
    return PageReading(
      scan: scan, tags: tags,
      appLink: AppLink(sourceURL: sourceURL, targets: targets, web: web),
      groups: groups, webGroups: webGroups)
  }
}

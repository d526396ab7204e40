import AASACore

/// The findings about Android 15's `<uri-relative-filter-group>` and the `query*` and
/// `fragment*` attributes that go with it: groups that can never decide (AMF009), what Android 14
/// and lower do instead (AMF010), and attributes Android does not read where they are written
/// (AMF011). Linear in the filters' groups and conditions.
enum RelativeFilterGroupFindings {
  static func diagnostics(_ filters: [ManifestIntentFilter]) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for filter in filters {
      for value in filter.conditionsOutsideGroups {
        found.append(
          Diagnostic(
            .AndroidManifest.attributeIgnoredHere, at: value.location, path: filter.component,
            message:
              "\(value.description) is outside any <uri-relative-filter-group>, where Android does not read it: the filter matches as if it were not there"
          ))
      }
      guard !filter.groups.isEmpty else { continue }
      found += groupFindings(filter)
    }
    return found
  }

  private static func groupFindings(_ filter: ManifestIntentFilter) -> [Diagnostic] {
    var found: [Diagnostic] = []
    func never(_ group: RelativeFilterGroup, _ why: String) {
      found.append(
        Diagnostic(
          .AndroidManifest.groupNeverDecides, at: group.location, path: filter.component,
          message: "\(group.description) never decides: \(why)"))
    }
    // Conditions as a set, to find a group that an earlier one always answers first.
    var earlier: [Set<String>: RelativeFilterGroup] = [:]
    for (position, group) in filter.groups.enumerated() {
      for value in group.ignored {
        found.append(
          Diagnostic(
            .AndroidManifest.attributeIgnoredHere, at: value.location, path: filter.component,
            message:
              "\(value.description) is inside \(group.description), where Android reads only path*, query* and fragment* attributes"
          ))
      }
      if filter.authorities.isEmpty {
        never(
          group,
          "its filter declares no android:host, and Android reads groups only once a host matched")
        continue
      }
      if group.conditions.isEmpty {
        never(group, "it has no path, query or fragment condition, so it matches no URL")
        continue
      }
      let key = Set(
        group.conditions.map {
          "\($0.part.rawValue) \($0.pattern.kind.rawValue) \($0.pattern.pattern)"
        })
      if let first = earlier[key] {
        never(
          group,
          "the group at \(first.location) has the same conditions and is tried first")
        continue
      }
      earlier[key] = group
      if !group.allows, !filter.groups[(position + 1)...].contains(where: \.allows) {
        never(
          group,
          "no allowing group follows it, so it blocks nothing: a URL that no group accepts is refused anyway, and a group never overrules the filter's own paths"
        )
      }
    }
    found += olderAndroid(filter)
    return found
  }

  /// What Android 14 and lower make of a filter with groups: they read the filter as if its
  /// groups were not there.
  private static func olderAndroid(_ filter: ManifestIntentFilter) -> [Diagnostic] {
    guard !filter.authorities.isEmpty else { return [] }
    let hosts = ManifestIntentFilter.list(filter.authorities.map(\.host.value))
    let count = filter.groups.count
    let groups = count == 1 ? "its <uri-relative-filter-group>" : "its \(count) groups"
    let message: String
    let severity: Severity
    if filter.paths.isEmpty {
      message =
        "on Android 14 and lower this filter opens every path of \(hosts): they ignore \(groups)"
      severity = .warning
    } else if let blocking = filter.groups.first(where: { !$0.allows }) {
      message =
        "on Android 14 and lower the blocking group at \(blocking.location) blocks nothing, and only the filter's own paths match: they ignore \(groups)"
      severity = .warning
    } else {
      message =
        "on Android 14 and lower only the filter's own paths match: they ignore \(groups)"
      severity = .info
    }
    return [
      Diagnostic(
        .AndroidManifest.groupsIgnoredBeforeAndroid15, at: filter.location,
        path: filter.component, message: message, severity: severity)
    ]
  }
}

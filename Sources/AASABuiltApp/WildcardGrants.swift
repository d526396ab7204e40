/// A profile's grants that end in `*` (`TEAMID.*`, `*`), as a trie of what comes before the
/// star, so that whether any of them allows a value costs one walk over the value's bytes,
/// however many such grants the profile has. Comparing each value with each grant was values ×
/// grants: a profile of 20,000 wildcard grants against an app claiming 20,000 values was 400
/// million prefix comparisons.
///
/// Prefixes are compared as UTF-8 bytes, as the system's C-string comparison does; entitlement
/// values are ASCII in practice, where this is the same as `hasPrefix`.
struct WildcardGrants {
  /// Children of each node by byte; node 0 is the root (the empty prefix).
  private var children: [[UInt8: Int32]] = [[:]]
  /// Whether a grant's prefix ends at each node.
  private var ends: [Bool] = [false]

  /// Keeps the grants of `granted` that end in `*`; the others are exact and looked up apart.
  init<Grants: Sequence<String>>(_ granted: Grants) {
    for grant in granted where grant.utf8.last == UInt8(ascii: "*") {
      var node = 0
      for byte in grant.utf8.dropLast() {
        if let next = children[node][byte] {
          node = Int(next)
        } else {
          children[node][byte] = Int32(children.count)
          node = children.count
          children.append([:])
          ends.append(false)
        }
      }
      ends[node] = true
    }
  }

  /// Whether some grant's prefix starts `value`.
  func allow(_ value: String) -> Bool {
    var node = 0
    if ends[node] { return true }
    for byte in value.utf8 {
      guard let next = children[node][byte] else { return false }
      node = Int(next)
      if ends[node] { return true }
    }
    return false
  }
}

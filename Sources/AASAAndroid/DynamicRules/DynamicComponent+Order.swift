/// Whether one component matches every URL another matches: what makes the later one
/// unreachable, since the first matching component decides.
///
/// The answer is conservative: "yes" only when it is certain (equal patterns, or a prefix that
/// every text of the other pattern starts with), so a finding is never wrong, though some
/// shadowed components go unnoticed.
extension DynamicComponent {
  /// `{"/": "*"}` and nothing else: every URL matches it.
  public var isCatchAll: Bool {
    query.isEmpty && fragment == nil && path?.kind == .prefix && path?.units.isEmpty == true
  }

  /// Whether every URL `other` matches, this component matches too.
  func covers(_ other: DynamicComponent) -> Bool {
    guard hasFilter, other.hasFilter else { return false }
    if let path {
      guard let otherPath = other.path, path.covers(otherPath) else { return false }
    }
    if let fragment {
      guard let otherFragment = other.fragment, fragment.covers(otherFragment) else {
        return false
      }
    }
    return query.allSatisfy { filter in
      other.query.contains { filter.pattern.covers($0.pattern) }
    }
  }
}

extension AndroidPattern {
  /// Whether every text `other` matches, this pattern matches too (when certain).
  func covers(_ other: AndroidPattern) -> Bool {
    if written == other.written { return true }
    guard kind == .prefix else { return false }
    switch other.kind {
    case .literal, .prefix: return other.units.starts(with: units)
    case .simpleGlob: return Array(other.literalLead.utf16).starts(with: units)
    }
  }

  /// The text before the first character a glob treats specially (`*`, `?` or `.`): every text
  /// the glob matches starts with it.
  var literalLead: Substring {
    written.prefix { $0 != "*" && $0 != "?" && $0 != "." }
  }
}

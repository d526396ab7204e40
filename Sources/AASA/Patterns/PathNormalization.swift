/// Path normalization (`docs/matching.md#path-normalization`), applied alike to URL paths and to
/// path patterns.
///
/// - An empty path becomes `/`; a one-character path (`*`, `/`, `a`) stays as it is.
/// - Runs of `/` collapse into one `/`.
/// - A leading `/` is added unless the path starts with `*`; a trailing `/` is added unless it
///   ends with `*`.
///
/// So `/buy` and `/buy/` are the same path, and `/buy/*` (which stays `/buy/*`) matches `/buy`
/// (which becomes `/buy/`) but not `/buyer/`.
///
/// For text this works on characters: a `*` in a URL is a literal star. For patterns the same rule
/// is applied to pattern tokens (see ``Pattern``): an escaped slash `\/` counts as a `/`, and an
/// escaped star `\*` counts as a `*` for the leading/trailing rule, so `/a\*` matches `/a*`.
enum PathNormalization {
  static let slash = UInt32(UInt8(ascii: "/"))
  static let star = UInt32(UInt8(ascii: "*"))

  /// Normalizes a URL path given as Unicode scalar values.
  static func normalize(_ path: inout [UInt32]) {
    if path.isEmpty {
      path = [slash]
      return
    }
    if path.count == 1 { return }
    if isNormalizedExceptTrailingSlash(path) {
      if path.last != slash && path.last != star { path.append(slash) }
      return
    }
    if path.first != slash && path.first != star {
      path.insert(slash, at: 0)
    }
    collapseSlashRuns(&path)
    if path.last != slash && path.last != star {
      path.append(slash)
    }
  }

  /// Whether `path` starts with `/` and has no `//`: the common case, needing at most a `/` at the
  /// end.
  private static func isNormalizedExceptTrailingSlash(_ path: [UInt32]) -> Bool {
    guard path.first == slash else { return false }
    var previousWasSlash = false
    for scalar in path {
      let isSlash = scalar == slash
      if isSlash && previousWasSlash { return false }
      previousWasSlash = isSlash
    }
    return true
  }

  /// Collapses every run of `/` into a single `/`, in place.
  static func collapseSlashRuns(_ path: inout [UInt32]) {
    var write = 0
    var previousWasSlash = false
    for read in path.indices {
      let scalar = path[read]
      let isSlash = scalar == slash
      if isSlash && previousWasSlash { continue }
      path[write] = scalar
      write += 1
      previousWasSlash = isSlash
    }
    path.removeLast(path.count - write)
  }
}

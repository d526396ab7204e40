import AASA
import AASACore
import AASASigned
import AASAWellKnown

/// `--cdn`: devices ask Apple's CDN (`app-site-association.cdn-apple.com/a/v1/HOST`), not the site,
/// so what they route by is the CDN's copy until it refreshes (about weekly, or when a developer
/// build with `?mode=developer` bypasses it). This compares that copy with the origin's.
///
/// A difference is a warning, not a failure: the site is right, the CDN has not caught up yet.
enum CDNComparison {
  /// `BASE/HOST`, the base without a trailing slash.
  static func url(base: String, host: String) -> String {
    var base = base
    while base.hasSuffix("/") { base.removeLast() }
    return base + "/" + host
  }

  static func judge(
    _ fetched: Result<FetchedResource, ConnectionProblem>, origin: ResourceCheck?
  ) -> Requirement {
    let response: FetchedResource
    switch fetched {
    case .failure(let problem):
      return Requirement("cdn", .warn, "Apple's CDN could not be asked: \(problem.description)")
    case .success(let value): response = value
    }
    if response.status == 404 {
      return Requirement(
        "cdn", .warn,
        "404: Apple's CDN has no copy for this host yet (it has not fetched the file, or its last fetch failed)"
      )
    }
    guard response.status == 200 else {
      return Requirement("cdn", .warn, "Apple's CDN answered \(response.statusLine)")
    }
    let codings = (try? ContentCoding.parse(response.header("Content-Encoding") ?? "").get()) ?? []
    guard
      let decoded = try? BodyDecoder.decode(
        response.body, codings: codings, limit: FileKind.maximumSize), !decoded.exceededLimit,
      !response.exceededCap
    else {
      return Requirement("cdn", .warn, "Apple's CDN sent a body that cannot be read")
    }
    // A signed file is compared by its content, as the origin's is (``ResourceCheck/lintedSource``).
    let copy = ((try? SignedAssociation.unwrap(decoded.bytes)) ?? nil)?.content ?? decoded.bytes
    guard let originBytes = origin?.lintedSource else {
      return Requirement(
        "cdn", .warn,
        "Apple's CDN has a copy (\(copy.count) bytes), but the origin's file could not be read to compare"
      )
    }
    if copy == originBytes {
      return Requirement("cdn", .pass, "the same as the origin's (\(originBytes.count) bytes)")
    }
    let cdnAssociation = SiteAssociationLinter().lint(copy).association
    if let cdnAssociation, let originAssociation = origin?.lint?.association {
      let diff = AssociationDiff(old: cdnAssociation, new: originAssociation)
      if diff.isEmpty {
        return Requirement(
          "cdn", .pass, "the same rules as the origin's, written differently")
      }
      let apps = diff.apps.map(\.app).joined(separator: ", ")
      return Requirement(
        "cdn", .warn,
        "differs from the origin's for \(apps.isEmpty ? "the order of apps" : apps): devices route by the CDN's copy until Apple refreshes it (about weekly)"
      )
    }
    return Requirement(
      "cdn", .warn,
      "differs from the origin's (\(copy.count) bytes, the origin's \(originBytes.count)): devices use the CDN's copy until Apple refreshes it (about weekly)"
    )
  }
}

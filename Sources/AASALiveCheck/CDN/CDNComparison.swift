import AASA
import AASACore
import AASASigned
import AASAWellKnown

/// Devices ask Apple's CDN (`app-site-association.cdn-apple.com/a/v1/HOST`), not the site, so what
/// they route by is the CDN's copy until it refreshes (about weekly, or when a developer build
/// with `?mode=developer` bypasses it). This reads the CDN's answer and compares its copy with
/// the origin's.
///
/// A copy that differs is a warning, not a failure: the site is right, the CDN has not caught up
/// yet. A failure the CDN reports (`Apple-Failure-Reason`) is a failure: until the CDN's next
/// fetch of the origin succeeds, devices get no file at all.
enum CDNComparison {
  /// How many routing differences a differing copy lists.
  static let differencesShown = 10

  /// `BASE/HOST`, the base without a trailing slash.
  static func url(base: String, host: String) -> String {
    var base = base
    while base.hasSuffix("/") { base.removeLast() }
    return base + "/" + host
  }

  static func judge(
    _ fetched: Result<FetchedResource, ConnectionProblem>, url: String, origin: ResourceCheck?
  ) -> CDNCheck {
    let response: FetchedResource
    switch fetched {
    case .failure(let problem) where problem.stage == .tls:
      // Its certificate is verified (``ResourceFetcher/makeClient(timeout:group:dnsOverride:verifying:)``):
      // an answer from a server that cannot prove it is the CDN is not compared.
      return CDNCheck(
        url: url,
        requirement: Requirement(
          "cdn", .warn,
          "Apple's CDN's answer was refused and is not used, because its TLS connection could not be verified: \(problem.description)"
        ))
    case .failure(let problem):
      return CDNCheck(
        url: url,
        requirement: Requirement(
          "cdn", .warn, "Apple's CDN could not be asked: \(problem.description)"))
    case .success(let value): response = value
    }
    var check = CDNCheck(url: url, requirement: Requirement("cdn", .pass, ""))
    check.headers = CDNCheck.reportedHeaders(response)
    let caching = CDNCaching(
      cacheControl: response.header("Cache-Control"), age: response.header("Age"))
    check.caching = caching
    check.failure = CDNFailure(
      reason: response.header("Apple-Failure-Reason"),
      details: response.header("Apple-Failure-Details"))

    if let failure = check.failure {
      let code = failure.code.map { " (\($0))" } ?? ""
      check.requirement = Requirement(
        "cdn", .fail,
        "\(response.statusLine): Apple's CDN has no copy because its last fetch of the origin failed\(code); devices get no file until a fetch succeeds"
      )
      check.notes.append(Requirement("cdn-reason", .info, failure.meaning))
      if !failure.details.isEmpty {
        let details = failure.details.map { $0.key.isEmpty ? $0.value : "\($0.key): \($0.value)" }
        check.notes.append(Requirement("cdn-details", .info, details.joined(separator: "; ")))
      }
      check.notes.append(Requirement("cdn-fix", .info, failure.advice))
      if let retry = caching.retryText(of: "this failure") {
        check.notes.append(Requirement("cdn-retry", .info, retry))
      }
    } else {
      compareCopy(response, origin: origin, into: &check)
      if response.status == 200, let retry = caching.retryText(of: "this copy") {
        check.notes.append(
          Requirement(
            "cdn-retry", .info,
            retry + "; devices ask the CDN about once a week, and at install or update"))
      } else if response.status != 200, let retry = caching.retryText(of: "this answer") {
        check.notes.append(Requirement("cdn-retry", .info, retry))
      }
    }
    check.notes += check.headers.map { header in
      Requirement("cdn-header", .info, "\(header.name): \(header.value)\(gloss(header))")
    }
    return check
  }

  /// What a header means, when its value alone does not say.
  static func gloss(_ header: FetchedResource.Header) -> String {
    switch header.name.lowercased() {
    case "apple-try-direct":
      " (the CDN suggests fetching the origin directly; devices do not act on it)"
    case "apple-from": " (the origin URL the CDN fetched)"
    case "apple-origin-format": " (the CDN holds a parsed copy)"
    default: ""
    }
  }

  /// The `cdn` line and the `cdn-route` lines of a CDN answer without a failure header.
  static func compareCopy(
    _ response: FetchedResource, origin: ResourceCheck?, into check: inout CDNCheck
  ) {
    if response.status == 404 {
      check.requirement = Requirement(
        "cdn", .warn,
        "404: Apple's CDN has no copy for this host yet (it has not fetched the file, or its last fetch failed)"
      )
      return
    }
    guard response.status == 200 else {
      check.requirement = Requirement("cdn", .warn, "Apple's CDN answered \(response.statusLine)")
      return
    }
    let codings = (try? ContentCoding.parse(response.header("Content-Encoding") ?? "").get()) ?? []
    guard
      let decoded = try? BodyDecoder.decode(
        response.body, codings: codings, limit: FileKind.maximumSize), !decoded.exceededLimit,
      !response.exceededCap
    else {
      check.requirement = Requirement("cdn", .warn, "Apple's CDN sent a body that cannot be read")
      return
    }
    // A signed file is compared by its content, as the origin's is (``ResourceCheck/lintedSource``).
    let copy = ((try? SignedAssociation.unwrap(decoded.bytes)) ?? nil)?.content ?? decoded.bytes
    // Parsed whatever the comparison finds: each service is asked of what devices have.
    let cdnAssociation = SiteAssociationLinter().lint(copy).association
    check.copy = cdnAssociation
    guard let originBytes = origin?.lintedSource else {
      check.requirement = Requirement(
        "cdn", .warn,
        "Apple's CDN has a copy (\(copy.count) bytes), but the origin's file could not be read to compare"
      )
      return
    }
    if copy == originBytes {
      check.requirement = Requirement(
        "cdn", .pass, "the same as the origin's (\(originBytes.count) bytes)")
      return
    }
    guard let cdnAssociation, let originAssociation = origin?.lint?.association
    else {
      check.requirement = Requirement(
        "cdn", .warn,
        "differs from the origin's (\(copy.count) bytes, the origin's \(originBytes.count)): devices use the CDN's copy until Apple refreshes it (about weekly)"
      )
      return
    }
    let diff = AssociationDiff(old: cdnAssociation, new: originAssociation)
    let (differences, probed) = RoutingProbe.differences(
      cdnAssociation, originAssociation, limit: differencesShown)
    if diff.isEmpty && differences.isEmpty {
      // The diff and the probe are of links; the other services' apps are compared here.
      let sections = CDNServices.sectionsThatDiffer(cdnAssociation, originAssociation)
      check.requirement =
        sections.isEmpty
        ? Requirement("cdn", .pass, "the same rules as the origin's, written differently")
        : Requirement(
          "cdn", .warn,
          "the same links as the origin's, but its \(sections.joined(separator: ", ")) apps differ: devices have the CDN's until Apple refreshes it (about weekly)"
        )
      return
    }
    check.routingDifferences = differences
    let apps = diff.apps.map(\.app).joined(separator: ", ")
    let routed =
      differences.isEmpty
      ? "no probed URL routes differently (\(probed) tried)"
      : "\(differences.count)\(differences.count == differencesShown ? "+" : "") of \(probed) probed URLs route differently"
    check.requirement = Requirement(
      "cdn", .warn,
      "differs from the origin's for \(apps.isEmpty ? "the order of apps" : apps): \(routed); devices route by the CDN's copy until Apple refreshes it (about weekly)"
    )
    check.notes += ruleLines(diff)
    check.notes += differences.map { difference in
      Requirement(
        "cdn-route", .info,
        "\(difference.url): the CDN's copy opens \(opened(difference.before)), the origin's \(opened(difference.after))"
      )
    }
  }

  /// What a routing opens, in words: the app, no app, or no app because a rule blocks it.
  static func opened(_ outcome: RoutingExpectation.Outcome) -> String {
    switch outcome {
    case .app(let app): app
    case .none: "no app"
    case .blocked: "no app (an exclusion blocks it)"
    }
  }

  /// One line per rule that changed, from the CDN's copy to the origin's file.
  static func ruleLines(_ diff: AssociationDiff) -> [Requirement] {
    var lines: [Requirement] = []
    for app in diff.apps {
      for change in app.rules {
        let text: String
        switch change {
        case .added(let rule):
          text = "\(app.app): only the origin has \(rule.reference) \(rule.written)"
        case .removed(let rule):
          text = "\(app.app): only the CDN's copy has \(rule.reference) \(rule.written)"
        case .changed(_, let new, let differences):
          text =
            "\(app.app): \(new.reference) \(new.written) differs (\(differences.joined(separator: "; ")))"
        case .moved(let old, let new):
          text = "\(app.app): \(new.written) moved from \(old.reference) to \(new.reference)"
        }
        lines.append(Requirement("cdn-rule", .info, text))
      }
    }
    if let order = diff.appOrder {
      lines.append(
        Requirement(
          "cdn-rule", .info,
          "app order: the CDN's copy \(order.old.joined(separator: ", ")), the origin's \(order.new.joined(separator: ", "))"
        ))
    }
    return lines
  }
}

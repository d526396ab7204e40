import AASAAndroid
import AASACore
import Foundation

extension LiveCheck {
  /// The checks of assetlinks.json beyond its own response: the trailing-dot host must serve the
  /// same file, and (`--google`) Google's API must read the same grants. The site is asked with
  /// `fetcher`, Google's API with `thirdParty`, which verifies its certificate; when
  /// ``LiveCheckOptions/vetOtherHost`` refused Google's host (`googleRefusal`, why), it is not
  /// asked, and the line says so.
  func checkAndroidServing(
    _ check: inout ResourceCheck, _ fetcher: ResourceFetcher, thirdParty: ResourceFetcher?,
    googleRefusal: String? = nil
  ) async {
    guard let body = check.lintedSource else { return }
    if let trailingDot = await trailingDotRequirement(body, fetcher) {
      check.requirements.append(trailingDot)
    }
    if options.googleBase != nil, let googleRefusal {
      check.requirements.append(
        Requirement("google", .warn, "Google's API was not asked: \(googleRefusal)"))
    } else if let base = options.googleBase, let thirdParty {
      check.requirements.append(
        await GoogleStatements.compare(
          site: options.site, base: base, local: check.lint?.statementList, fetcher: thirdParty,
          answers: options.thirdPartyAnswers))
    }
  }

  /// `example.com.` must serve the same file as `example.com`: the Digital Asset Links API names
  /// sites in that form, and a server that rejects the dotted host breaks it. An address has no
  /// dotted form, and neither has a one-label name such as `localhost` (Google never names such
  /// a site): nil.
  private func trailingDotRequirement(_ body: [UInt8], _ fetcher: ResourceFetcher) async
    -> Requirement?
  {
    let dotted = options.site.withTrailingDot
    guard dotted != options.site, options.site.host.contains(".") else { return nil }
    let url = dotted.url(WellKnownResource.assetLinks.path)
    do {
      let response = try await fetcher.fetch(url, cap: AndroidServing.sizeCap)
      guard response.status == 200 else {
        return Requirement(
          "trailing-dot", .fail,
          "\(url) answers \(response.statusLine); it must serve the same file (Google reads sites in the dotted form)"
        )
      }
      let decoded = ResponseJudge.decodedBody(response) ?? response.body
      if decoded == body {
        return Requirement("trailing-dot", .pass, "\(dotted.host) serves the same file")
      }
      return Requirement(
        "trailing-dot", .fail,
        "\(url) serves a different file (\(decoded.count) bytes, not \(body.count)); it must serve the same one"
      )
    } catch {
      let problem = ConnectionProblem(error, site: dotted, timeout: options.timeout)
      return Requirement(
        "trailing-dot", .fail, "\(url): \(problem.description); it must serve the same file")
    }
  }
}

extension ResponseJudge {
  /// A response's body with its content codings undone, within Android's limit; nil when it
  /// cannot be decoded.
  static func decodedBody(_ response: FetchedResource) -> [UInt8]? {
    guard
      case .success(let codings) = ContentCoding.parse(response.header("Content-Encoding") ?? "")
    else { return nil }
    if codings.isEmpty { return response.body }
    return try? BodyDecoder.decode(
      response.body, codings: codings, limit: AndroidServing.maximumSize
    ).bytes
  }
}

/// Google's Digital Asset Links API (`v1/statements:list`): what Google itself reads from a
/// site's assetlinks.json, compared with what the file says.
enum GoogleStatements {
  /// The grants of `handle_all_urls`: package and fingerprint.
  struct Grant: Hashable, Comparable, CustomStringConvertible {
    var package: String
    var fingerprint: String
    static func < (lhs: Grant, rhs: Grant) -> Bool {
      (lhs.package, lhs.fingerprint) < (rhs.package, rhs.fingerprint)
    }
    var description: String { "\(package) \(fingerprint)" }
  }

  /// `BASE/v1/statements:list?source.web.site=https://HOST.&relation=…&return_relation_extensions=true`.
  static func url(base: String, site: SiteAddress) -> String {
    let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
    let source = site.withTrailingDot.origin
    let encoded =
      source.addingPercentEncoding(
        withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? source
    return trimmed + "/v1/statements:list?source.web.site=\(encoded)"
      + "&relation=delegate_permission/common.handle_all_urls&return_relation_extensions=true"
  }

  static func compare(
    site: SiteAddress, base: String, local: StatementList?, fetcher: ResourceFetcher,
    answers: (any ThirdPartyAnswers)? = nil
  ) async -> Requirement {
    let url = url(base: base, site: site)
    let response: FetchedResource
    do {
      let fetch: @Sendable () async throws -> FetchedResource = {
        try await fetcher.fetch(url, cap: AndroidServing.sizeCap)
      }
      if let answers {
        response = try await answers.answer(url, from: .googleAPI, fetch: fetch)
      } else {
        response = try await fetch()
      }
    } catch {
      let apiSite = (try? SiteAddress(parsing: base)) ?? site
      let problem = ConnectionProblem(error, site: apiSite, timeout: .seconds(10))
      if problem.stage == .tls {
        // Its certificate is verified: an answer from a server that cannot prove it is Google's
        // is not compared.
        return Requirement(
          "google", .warn,
          "Google's API's answer was refused and is not used, because its TLS connection could not be verified: \(problem.description)"
        )
      }
      return Requirement("google", .warn, "Google's API could not be asked: \(problem.description)")
    }
    guard response.status == 200 else {
      let message = errorMessage(response.body).map { ": \($0)" } ?? ""
      return Requirement(
        "google", .fail, "Google's API answers \(response.statusLine)\(message)")
    }
    guard let remote = grants(fromAPI: response.body) else {
      return Requirement("google", .warn, "Google's API answered something that is not its JSON")
    }
    let mine = grants(from: local)
    if remote.grants == mine {
      let extensions =
        remote.withExtensions > 0 ? ", \(remote.withExtensions) with dynamic rules" : ""
      return Requirement(
        "google", .pass,
        "Google reads the same \(mine.count) App Links grant\(mine.count == 1 ? "" : "s")\(extensions)"
      )
    }
    var differences: [String] = []
    let missing = mine.subtracting(remote.grants).sorted()
    let extra = remote.grants.subtracting(mine).sorted()
    if !missing.isEmpty {
      differences.append(
        "Google does not read \(missing.map(\.description).joined(separator: ", "))")
    }
    if !extra.isEmpty {
      differences.append(
        "Google reads \(extra.map(\.description).joined(separator: ", ")) that the file does not grant"
      )
    }
    if let debug = remote.debug, !debug.isEmpty { differences.append("Google says: \(debug)") }
    return Requirement("google", .fail, differences.joined(separator: "; "))
  }

  private static func grants(from list: StatementList?) -> Set<Grant> {
    guard let list, !list.isIgnoredByGoogle else { return [] }
    var grants: Set<Grant> = []
    for statement in list.statements
    where statement.isValid && statement.relations.contains(.handleAllURLs) {
      guard let package = statement.target.packageName else { continue }
      for fingerprint in statement.target.fingerprints {
        grants.insert(Grant(package: package, fingerprint: fingerprint.canonicalText))
      }
    }
    return grants
  }

  /// `{"statements": [{"target": {"androidApp": {"packageName", "certificate":
  /// {"sha256Fingerprint"}}}, "relationExtensions"?}], "debugString"}`.
  static func grants(fromAPI body: [UInt8]) -> (
    grants: Set<Grant>, withExtensions: Int, debug: String?
  )? {
    guard let json = JSONReader.read(body).value, json.members != nil else { return nil }
    var grants: Set<Grant> = []
    var withExtensions = 0
    for statement in json["statements"]?.elements ?? [] {
      guard let app = statement["target"]?["androidApp"],
        let package = app["packageName"]?.string,
        let fingerprint = app["certificate"]?["sha256Fingerprint"]?.string
      else { continue }
      grants.insert(Grant(package: package, fingerprint: fingerprint))
      if statement["relationExtensions"] != nil { withExtensions += 1 }
    }
    return (grants, withExtensions, json["debugString"]?.string)
  }

  private static func errorMessage(_ body: [UInt8]) -> String? {
    JSONReader.read(body).value?["error"]?["message"]?.string
  }
}

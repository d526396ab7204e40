import AASA
import AASACore
import AASASigned
import AASAWellKnown
import Foundation
import X509

/// Turns a server's answer for one well-known file into requirement lines: status, redirect,
/// content type, size, content encoding, signature, JSON validity and the lint of the file.
public struct ResponseJudge: Sendable {
  public var signerRoots: CertificateStore
  public var signerRootsName: String
  /// `--app`: the live file must name this app.
  public var app: String?

  /// The site checked: its files are linted against its own domain.
  public var site: SiteDomain?

  public init(
    signerRoots: CertificateStore, signerRootsName: String, app: String? = nil,
    site: SiteDomain? = nil
  ) {
    self.site = site
    self.signerRoots = signerRoots
    self.signerRootsName = signerRootsName
    self.app = app
  }

  /// The status line, and the redirect line, of an answer for any well-known file, in the words
  /// of whoever fetches it: `bodyFollows` when it is a 200 whose body is judged next.
  func statusLines(
    _ response: FetchedResource, as resource: WellKnownResource, redirectConsequence: String,
    refusal: (FetchedResource) -> Requirement
  ) -> (lines: [Requirement], bodyFollows: Bool) {
    switch response.status {
    case 200:
      return (
        [
          Requirement("status", .pass, response.statusLine),
          Requirement("redirect", .pass, "none"),
        ], true
      )
    case 300..<400:
      let location = response.header("Location") ?? "(no Location header)"
      return (
        [
          Requirement("status", .fail, "\(response.statusLine); only 200 counts"),
          Requirement("redirect", .fail, "redirects to \(location); \(redirectConsequence)"),
        ], false
      )
    case 404, 410:
      return (
        [
          Requirement(
            "status", resource.missingStatus,
            "\(response.statusLine): not served; \(resource.missingExplanation)")
        ], false
      )
    default:
      return ([refusal(response)], false)
    }
  }

  public func judge(_ response: FetchedResource, as resource: WellKnownResource) async
    -> ResourceCheck
  {
    if resource == .assetLinks { return judgeAssetLinks(response) }
    var check = ResourceCheck(resource: resource, url: response.url)
    let (answerLines, bodyFollows) = statusLines(
      response, as: resource,
      redirectConsequence: "\(resource.fetcher) does not follow redirects"
    ) { response in
      let hint =
        response.status == 401 || response.status == 403
        ? "; \(resource.fetcher) sends no credentials and must not be blocked" : "; only 200 counts"
      let status: Requirement.Status = resource == .association ? .fail : .warn
      return Requirement("status", status, response.statusLine + hint)
    }
    var lines = answerLines
    guard bodyFollows else {
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }

    // Apple's fetcher decodes gzip, deflate and br; its 128 KB limit is on the decoded file.
    let decoding = decode(response, as: resource)
    let looksSigned = SignedAssociation.looksSigned(decoding.body ?? response.body)
    lines.append(
      contentTypeRequirement(response.header("Content-Type"), signed: looksSigned, as: resource))
    lines.append(decoding.size)
    lines.append(decoding.encoding)
    guard var body = decoding.body else {
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }

    let signed: SignedAssociation?
    do {
      signed = try SignedAssociation.unwrap(body)
    } catch {
      lines.append(Requirement("signature", .fail, error.description))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }
    if let signed {
      lines.append(
        Requirement(
          "signed", .info,
          "CMS/PKCS#7-signed (iOS 8 era); Apple unwraps it, plain JSON is enough today"))
      lines.append(signed.signatureRequirement)
      lines.append(await signed.signerTrust(roots: signerRoots, rootsName: signerRootsName))
      body = signed.content
      check.signed = signed
    }
    if HTMLDetection.looksLikeHTML(body) {
      lines.append(
        Requirement(
          "json", .fail,
          "this is an HTML page, probably a catch-all route (a single-page app or CMS answering "
            + "every path) instead of the file"))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }

    if body.starts(with: [0x1F, 0x8B]) {
      // A pre-compressed file served as is: Apple reads the compressed bytes and cannot parse them.
      lines.append(
        Requirement(
          "json", .fail,
          "the body is gzip data sent without Content-Encoding: gzip; \(resource.fetcher) reads it as is and cannot parse it"
        ))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }
    let report = WellKnownLinter(kind: resource.kind, site: site).lint(body, source: resource.path)
    check.lint = report
    check.lintedSource = body
    if report.json == nil {
      lines.append(Requirement("json", .fail, "not valid JSON"))
    } else {
      lines.append(Requirement("json", .pass, "valid JSON"))
    }
    lines.append(lintRequirement(report))
    if let app, resource == .association {
      lines.append(appRequirement(app, report))
    }
    check.requirements = lines.map { $0.capped(at: resource.ceiling) }
    return check
  }

  func contentTypeRequirement(
    _ value: String?, signed: Bool, as resource: WellKnownResource = .association
  ) -> Requirement {
    let whoChecks =
      resource == .assetLinks ? "Google expects it" : "Apple no longer checks it"
    guard let value else {
      return Requirement(
        "content-type", .warn, "none; application/json is recommended (\(whoChecks))")
    }
    let mediaType = ContentTypeValue.mediaType(of: value)
    if mediaType == "application/json" { return Requirement("content-type", .pass, value) }
    if signed, mediaType == "application/pkcs7-mime" {
      return Requirement("content-type", .pass, value)
    }
    return Requirement(
      "content-type", .warn,
      "\(value); application/json is recommended\(signed ? " (application/pkcs7-mime for a signed file)" : "") (\(whoChecks))"
    )
  }

  /// The `size` and `content-encoding` lines, and the decoded body when it can be linted.
  func decode(_ response: FetchedResource, as resource: WellKnownResource = .association) -> (
    size: Requirement, encoding: Requirement, body: [UInt8]?
  ) {
    let limit = FileKind.maximumSize
    let tooLarge = "\(resource.reader) reads at most \(limit) and rejects the rest"
    switch ResponseBody(response, limit: limit) {
    case .unknownCoding(let unknown):
      return (
        sizeRequirement(response, as: resource),
        Requirement("content-encoding", .fail, unknown.description(fetcher: resource.fetcher)), nil
      )
    case .identity:
      return (
        sizeRequirement(response, as: resource), Requirement("content-encoding", .pass, "none"),
        response.body
      )
    case .overCapAsSent(let codings):
      let named = Self.names(codings)
      return (
        Requirement("size", .fail, "more than \(limit) bytes as sent (\(named)); \(tooLarge)"),
        Requirement("content-encoding", .pass, "\(named) (\(resource.fetcher) decodes it)"), nil
      )
    case .decoded(let codings, let decoded):
      let encoding = Requirement(
        "content-encoding", .pass,
        "\(Self.names(codings)), \(response.body.count) bytes as sent (\(resource.fetcher) decodes it)"
      )
      if decoded.exceededLimit {
        return (
          Requirement(
            "size", .fail,
            "over 128 KB after decoding (more than \(limit) bytes from \(response.body.count) sent); \(tooLarge)"
          ), encoding, decoded.bytes
        )
      }
      return (
        Requirement(
          "size", .pass, "\(decoded.bytes.count) bytes after decoding (at most \(limit))"),
        encoding, decoded.bytes
      )
    case .undecodable(_, let error):
      let header = response.header("Content-Encoding") ?? ""
      return (
        sizeRequirement(response, as: resource),
        Requirement(
          "content-encoding", .fail,
          "Content-Encoding: \(header), but \(error.description); \(resource.fetcher) cannot read it"
        ),
        nil
      )
    }
  }

  private static func names(_ codings: [ContentCoding]) -> String {
    codings.map(\.rawValue).joined(separator: ", ")
  }

  func sizeRequirement(_ response: FetchedResource, as resource: WellKnownResource = .association)
    -> Requirement
  {
    if response.exceededCap {
      return Requirement(
        "size", .fail,
        "more than \(FileKind.maximumSize) bytes; \(resource.reader) reads at most \(FileKind.maximumSize) and rejects the rest"
      )
    }
    return Requirement(
      "size", .pass, "\(response.body.count) bytes (at most \(FileKind.maximumSize))")
  }

  func lintRequirement(_ report: WellKnownReport) -> Requirement {
    let errors = report.diagnostics.filter { $0.severity == .error }.count
    let warnings = report.diagnostics.filter { $0.severity == .warning }.count
    let summary = DiagnosticCounts(report.diagnostics).description
    if errors > 0 { return Requirement("lint", .fail, summary) }
    if warnings > 0 { return Requirement("lint", .warn, summary) }
    return Requirement("lint", .pass, summary)
  }

  func appRequirement(_ app: String, _ report: WellKnownReport) -> Requirement {
    let apps = report.association?.appLinks?.appIDs ?? []
    if apps.contains(app) { return Requirement("app", .pass, "the file names \(app)") }
    let known = apps.isEmpty ? "none" : apps.joined(separator: ", ")
    return Requirement("app", .fail, "the file does not name \(app) (apps: \(known))")
  }
}

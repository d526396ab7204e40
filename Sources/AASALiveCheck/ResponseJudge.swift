import AASA
import AASALint
import Foundation
import X509

/// Turns a server's answer for one well-known file into requirement lines: status, redirect,
/// content type, size, content encoding, signature, JSON validity and the lint of the file.
public struct ResponseJudge: Sendable {
  public var signerRoots: CertificateStore
  public var signerRootsName: String
  /// `--app`: the live file must name this app.
  public var app: String?

  public init(signerRoots: CertificateStore, signerRootsName: String, app: String? = nil) {
    self.signerRoots = signerRoots
    self.signerRootsName = signerRootsName
    self.app = app
  }

  public func judge(_ response: FetchedResource, as resource: WellKnownResource) async
    -> ResourceCheck
  {
    var check = ResourceCheck(resource: resource, url: response.url)
    var lines: [Requirement] = []
    switch response.status {
    case 200:
      lines.append(Requirement("status", .pass, response.statusLine))
      lines.append(Requirement("redirect", .pass, "none"))
    case 300..<400:
      let location = response.header("Location") ?? "(no Location header)"
      lines.append(Requirement("status", .fail, "\(response.statusLine); only 200 counts"))
      lines.append(
        Requirement("redirect", .fail, "redirects to \(location); Apple does not follow redirects"))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    case 404, 410:
      lines.append(
        Requirement(
          "status", resource.missingStatus,
          "\(response.statusLine): not served; \(resource.missingExplanation)"))
      check.requirements = lines
      return check
    default:
      let hint =
        response.status == 401 || response.status == 403
        ? "; Apple's fetcher sends no credentials and must not be blocked" : "; only 200 counts"
      let status: Requirement.Status = resource == .association ? .fail : .warn
      lines.append(Requirement("status", status, response.statusLine + hint))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }

    var body = response.body
    let signed: SignedAssociation?
    var unreadableSignature: SignedAssociation.UnreadableSignature?
    do {
      signed = try SignedAssociation.unwrap(body)
    } catch {
      signed = nil
      unreadableSignature = error
    }
    lines.append(
      contentTypeRequirement(
        response.header("Content-Type"), signed: signed != nil || unreadableSignature != nil))
    lines.append(sizeRequirement(response))
    let encoding = encodingRequirement(response.header("Content-Encoding"))
    lines.append(encoding)

    if let unreadableSignature {
      lines.append(Requirement("signature", .fail, unreadableSignature.description))
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
    if encoding.status != .pass {
      lines.append(Requirement("json", .warn, "not checked: the body is encoded"))
      check.requirements = lines.map { $0.capped(at: resource.ceiling) }
      return check
    }

    let report = Linter.lint(body, as: resource.kind)
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

  func contentTypeRequirement(_ value: String?, signed: Bool) -> Requirement {
    guard let value else {
      return Requirement(
        "content-type", .warn, "none; application/json is recommended (Apple no longer checks it)")
    }
    let mediaType =
      value.split(separator: ";").first.map {
        $0.trimmingCharacters(in: .whitespaces).lowercased()
      } ?? ""
    if mediaType == "application/json" { return Requirement("content-type", .pass, value) }
    if signed, mediaType == "application/pkcs7-mime" {
      return Requirement("content-type", .pass, value)
    }
    return Requirement(
      "content-type", .warn,
      "\(value); application/json is recommended\(signed ? " (application/pkcs7-mime for a signed file)" : "") (Apple no longer checks it)"
    )
  }

  func sizeRequirement(_ response: FetchedResource) -> Requirement {
    if response.exceededCap {
      return Requirement(
        "size", .fail,
        "more than \(FileKind.maximumSize) bytes; Apple reads at most \(FileKind.maximumSize) and rejects the rest"
      )
    }
    return Requirement(
      "size", .pass, "\(response.body.count) bytes (at most \(FileKind.maximumSize))")
  }

  func encodingRequirement(_ value: String?) -> Requirement {
    guard let value, !value.isEmpty, value.lowercased() != "identity" else {
      return Requirement("content-encoding", .pass, "none")
    }
    return Requirement(
      "content-encoding", .warn,
      "\(value), although the request asked for identity; Apple's 128 KB limit is on the uncompressed file"
    )
  }

  func lintRequirement(_ report: LintReport) -> Requirement {
    let errors = report.diagnostics.filter { $0.severity == .error }.count
    let warnings = report.diagnostics.filter { $0.severity == .warning }.count
    let summary = DiagnosticTextRenderer.summary(report.diagnostics, style: .plain)
    if errors > 0 { return Requirement("lint", .fail, summary) }
    if warnings > 0 { return Requirement("lint", .warn, summary) }
    return Requirement("lint", .pass, summary)
  }

  func appRequirement(_ app: String, _ report: LintReport) -> Requirement {
    let apps = report.association?.appLinks?.appIDs ?? []
    if apps.contains(app) { return Requirement("app", .pass, "the file names \(app)") }
    let known = apps.isEmpty ? "none" : apps.joined(separator: ", ")
    return Requirement("app", .fail, "the file does not name \(app) (apps: \(known))")
  }
}

import AASAAndroid
import AASACore
import AASAWellKnown
import Foundation

/// How Android's verifier reads `/.well-known/assetlinks.json`, which differs from Apple's rules:
/// `Content-Type: application/json` is required, a redirect is never followed, and the AOSP
/// verifier ignores a response over 1 MiB (Google publishes no limit).
public enum AndroidServing {
  /// The AOSP verifier's limit (`StatementRetriever`).
  public static let maximumSize = 1 << 20
  /// One byte more than the limit, to know that there was more.
  static let sizeCap = maximumSize + 1
}

extension ResponseJudge {
  /// The lines of an assetlinks.json response, judged as Android reads it.
  func judgeAssetLinks(_ response: FetchedResource) -> ResourceCheck {
    var check = ResourceCheck(resource: .assetLinks, url: response.url)
    let (answerLines, bodyFollows) = statusLines(
      response, as: .assetLinks,
      redirectConsequence:
        "Android never follows a redirect for assetlinks.json, so the host is not verified (on Android 11 and lower, none of the app's hosts are)"
    ) { response in
      Requirement(
        "status", .fail,
        "\(response.statusLine); Android reads statements only from a 200 response")
    }
    var lines = answerLines
    guard bodyFollows else {
      check.requirements = lines
      return check
    }
    lines.append(androidContentType(response.header("Content-Type")))
    let decoded = decodeForAndroid(response)
    lines.append(decoded.size)
    lines.append(decoded.encoding)
    guard let body = decoded.body else {
      check.requirements = lines
      return check
    }
    if HTMLDetection.looksLikeHTML(body) {
      lines.append(
        Requirement(
          "json", .fail,
          "this is an HTML page, probably a catch-all route answering every path, instead of the file"
        ))
      check.requirements = lines
      return check
    }
    let report = WellKnownLinter(kind: .assetLinks, site: site).lint(
      body, source: WellKnownResource.assetLinks.path)
    check.lint = report
    check.lintedSource = body
    lines.append(
      report.json == nil
        ? Requirement("json", .fail, "not valid JSON") : Requirement("json", .pass, "valid JSON"))
    lines.append(lintRequirement(report))
    check.requirements = lines
    return check
  }

  /// Android requires `application/json` (configure-assetlinks), unlike Apple.
  func androidContentType(_ value: String?) -> Requirement {
    guard let value else {
      return Requirement(
        "content-type", .fail, "none; Android requires Content-Type: application/json")
    }
    let mediaType = ContentTypeValue.mediaType(of: value)
    if mediaType == "application/json" { return Requirement("content-type", .pass, value) }
    return Requirement(
      "content-type", .fail, "\(value); Android requires Content-Type: application/json")
  }

  /// The `size` and `content-encoding` lines, against the 1 MiB limit of Android's verifier.
  func decodeForAndroid(_ response: FetchedResource) -> (
    size: Requirement, encoding: Requirement, body: [UInt8]?
  ) {
    let limit = AndroidServing.maximumSize
    let tooLarge = "over 1 MiB (\(limit) bytes); Android's verifier ignores a larger response"
    let overCap = Requirement("size", .fail, "more than \(limit) bytes as sent: \(tooLarge)")
    let asSent = Requirement("size", .info, "\(response.body.count) bytes as sent")
    let header = response.header("Content-Encoding") ?? ""
    switch ResponseBody(response, limit: limit) {
    case .unknownCoding(let unknown):
      return (
        response.exceededCap ? overCap : asSent,
        Requirement("content-encoding", .fail, unknown.description(fetcher: "Google's verifier")),
        nil
      )
    case .identity:
      if response.exceededCap {
        return (overCap, Requirement("content-encoding", .pass, "none"), nil)
      }
      return (
        Requirement("size", .pass, "\(response.body.count) bytes (at most \(limit))"),
        Requirement("content-encoding", .pass, "none"), response.body
      )
    case .overCapAsSent:
      return (overCap, Requirement("content-encoding", .pass, header), nil)
    case .decoded(_, let decoded):
      let encoding = Requirement(
        "content-encoding", .pass, "\(header), \(response.body.count) bytes as sent")
      if decoded.exceededLimit {
        return (Requirement("size", .fail, "after decoding, \(tooLarge)"), encoding, nil)
      }
      return (
        Requirement(
          "size", .pass, "\(decoded.bytes.count) bytes after decoding (at most \(limit))"),
        encoding, decoded.bytes
      )
    case .undecodable(_, let error):
      return (
        asSent,
        Requirement(
          "content-encoding", .fail, "Content-Encoding: \(header), but \(error.description)"), nil
      )
    }
  }
}

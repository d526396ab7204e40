// response-judge: what `aasa-lint check` makes of a server's answer for a well-known file
// (`ResponseJudge.judge`): the status, the redirect, the Content-Type, the size, the
// Content-Encoding (gzip, deflate, br, decoded up to the fetcher's limit), a CMS signature, the
// JSON and the lint of the file. No network: the answer is made from the input.
//
// Input: one byte of choices (bits 0-1: the resource, `association`, `legacyAssociation` or
// `assetLinks`; bit 2: `--app D3KQX62K1A.com.example.app`; bit 3: the site is example.com; bit 4:
// the body is repeated up to the fetcher's cap, so the server sent more than it reads), then
// lines up to the first NUL: the status line (`200 OK`: the status is its leading digits, 200
// when it has none) and `Name: value` header lines; the bytes after the NUL are the body (cut at
// the fetcher's cap, as the fetcher cuts it).
//
// Checks: every line has a known name, a status and a message, and no name comes twice; the
// legacy path's lines are at most warnings; only a 200 has its body judged (no other status
// yields a linted file, a signature or size lines); a redirect names its Location; a 404 or 410
// says how much a missing file matters; the Content-Type line passes for `application/json` and
// fails only where Android requires it; an answer over the cap fails the size line; the linted
// bytes are the body as sent when it has no Content-Encoding, and never more than the fetcher's
// limit plus one byte after decoding; the json line passes exactly when the lint read JSON, and
// always for a body Foundation's JSONSerialization reads (an object or array, 128 KB at most,
// sent as is); the lint line is a failure exactly when the lint has errors; `--app` is answered
// from the file's appIDs; no signer is trusted by an empty trust store.

import AASA
import AASACore
import Foundation
import FuzzDriver
import X509

@testable import AASALiveCheck

private enum Setup {
  static let app = "D3KQX62K1A.com.example.app"
  static let site = SiteDomain(host: "example.com")
  static let resources = WellKnownResource.allCases
  /// `AASA_FUZZ_VERBOSE=1`: print the lines of each input (to see what a finding was judged).
  static let verbose = ProcessInfo.processInfo.environment["AASA_FUZZ_VERBOSE"] != nil
  /// Every line name the judge writes.
  static let names: Set<String> = [
    "status", "redirect", "content-type", "size", "content-encoding", "signature", "signed",
    "signer-trust", "json", "lint", "app",
  ]
}

func fuzzResponseJudge(_ bytes: [UInt8]) -> CInt {
  guard let choices = bytes.first else { return 0 }
  let resource = Setup.resources[Int(choices & 3) % Setup.resources.count]
  let app = choices & 4 != 0 ? Setup.app : nil
  let site = choices & 8 != 0 ? Setup.site : nil
  let cap = resource == .assetLinks ? AndroidServing.sizeCap : ResourceFetcher.sizeCap

  let rest = bytes.dropFirst()
  let nul = rest.firstIndex(of: 0) ?? rest.endIndex
  let lines = rest[..<nul].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  var body = Array(rest[min(nul + 1, rest.endIndex)...])
  if choices & 16 != 0 {
    let unit = body.isEmpty ? Array(" ".utf8) : body
    while body.count < cap { body += unit }
  }
  let exceededCap = body.count >= cap
  if exceededCap { body.removeSubrange(cap...) }

  let statusLine = lines.first ?? ""
  let digits = statusLine.prefix { $0.isASCII && $0.isNumber }.prefix(4)
  let status = Int(digits) ?? 200
  let reason = withoutOWS(statusLine.dropFirst(digits.count))
  var headers: [FetchedResource.Header] = []
  for line in lines.dropFirst().prefix(32) {
    guard let colon = line.firstIndex(of: ":") else { continue }
    let name = String(line[..<colon])
    let value = withoutOWS(line[line.index(after: colon)...])
    headers.append(FetchedResource.Header(name: name, value: String(value)))
  }
  let response = FetchedResource(
    url: "https://example.com" + resource.path, status: status, reasonPhrase: String(reason),
    headers: headers, body: body, exceededCap: exceededCap)
  let judge = ResponseJudge(
    signerRoots: CertificateStore(), signerRootsName: "no roots", app: app, site: site)
  let check = runBlocking { await judge.judge(response, as: resource) }
  if Setup.verbose {
    print("\(resource), status \(status), \(body.count) bytes, exceeded cap: \(exceededCap)")
    for line in check.requirements { print("  \(line.status) \(line.name): \(line.detail)") }
  }
  checkJudgement(check, of: response, as: resource, app: app)
  return 0
}

private func checkJudgement(
  _ check: ResourceCheck, of response: FetchedResource, as resource: WellKnownResource,
  app: String?
) {
  require(check.resource == resource, "judged as \(check.resource), asked \(resource)")
  require(check.url == response.url, "the check's URL is not the response's")
  let lines = check.requirements
  var byName: [String: Requirement] = [:]
  for line in lines {
    require(Setup.names.contains(line.name), "an unknown line name \(line.name.debugDescription)")
    require(!line.detail.isEmpty, "the \(line.name) line has no message")
    require(byName.updateValue(line, forKey: line.name) == nil, "two \(line.name) lines")
    require(line.location == nil, "a line of a fetched file located in a local file")
  }
  require(lines.first?.name == "status", "the first line is not the status")
  if resource == .legacyAssociation {
    require(!lines.contains { $0.status == .fail }, "the legacy path failed: \(lines)")
  }
  require((check.lint == nil) == (check.lintedSource == nil), "a lint without its source")

  guard response.status == 200 else {
    require(check.lint == nil && check.signed == nil, "a \(response.status) yielded a file")
    require(lines.count <= 2, "a \(response.status) has body lines: \(lines.map(\.name))")
    require(byName["status"]?.status != .pass, "a \(response.status) passed the status line")
    switch response.status {
    case 300..<400:
      let location = response.header("Location") ?? "(no Location header)"
      require(
        byName["redirect"]?.status == .fail
          || (resource == .legacyAssociation && byName["redirect"]?.status == .warn),
        "a redirect did not fail the redirect line")
      require(
        byName["redirect"]?.detail.contains(location) == true, "a redirect names no Location")
    case 404, 410:
      require(
        byName["status"]?.status == min(resource.missingStatus, resource.ceiling),
        "a missing \(resource) is \(byName["status"]?.status as Any)")
    default:
      require(byName["redirect"] == nil, "a \(response.status) has a redirect line")
    }
    return
  }

  require(byName["status"]?.status == .pass, "a 200 did not pass the status line")
  require(byName["redirect"]?.status == .pass, "a 200 did not pass the redirect line")
  guard let contentType = byName["content-type"], let size = byName["size"],
    let encoding = byName["content-encoding"]
  else {
    require(false, "a 200 without content-type, size or content-encoding lines: \(lines)")
    return
  }
  checkContentType(contentType, of: response, as: resource, signed: check.signed != nil)
  if response.exceededCap {
    require(size.status == min(.fail, resource.ceiling), "an answer over the cap passed its size")
  }

  let codings = ContentCoding.parse(response.header("Content-Encoding") ?? "")
  if case .failure = codings {
    require(encoding.status != .pass, "an unknown Content-Encoding passed")
    require(check.lint == nil, "a body of an unknown Content-Encoding was linted")
  }
  if let source = check.lintedSource {
    let limit = resource == .assetLinks ? AndroidServing.maximumSize : FileKind.maximumSize
    if case .success(let parsed) = codings, parsed.isEmpty, check.signed == nil {
      require(source == response.body, "a body sent as is was not linted as sent")
    }
    require(
      source.count <= max(response.body.count, limit + 1),
      "\(source.count) bytes linted from \(response.body.count) sent")
    if let signed = check.signed {
      require(source == signed.content, "a signed file's content was not what was linted")
    }
  }

  if let signed = check.signed {
    require(
      byName["signature"]?.status
        == (signed.signatureVerifies ? .pass : min(.fail, resource.ceiling)),
      "the signature line disagrees with the signature")
    require(byName["signed"] != nil, "a signed file without its signed line")
    require(byName["signer-trust"]?.status != .pass, "a signer trusted by no roots")
  } else {
    require(byName["signer-trust"] == nil, "signer trust of an unsigned file")
  }

  guard let lint = check.lint else {
    require(byName["lint"] == nil && byName["app"] == nil, "lint lines without a lint")
    return
  }
  require(lint.kind == resource.kind, "\(resource) linted as \(lint.kind)")
  require(
    byName["json"]?.status == (lint.json == nil ? min(.fail, resource.ceiling) : .pass),
    "the json line disagrees with the lint's JSON")
  let errors = lint.diagnostics.contains { $0.severity == .error }
  let warnings = lint.diagnostics.contains { $0.severity == .warning }
  let expected: Requirement.Status = errors ? .fail : warnings ? .warn : .pass
  require(
    byName["lint"]?.status == min(expected, resource.ceiling),
    "the lint line is \(byName["lint"]?.status as Any), the lint has errors: \(errors)")
  if let app, resource == .association {
    let listed = lint.association?.appLinks?.appIDs.contains(app) == true
    require(
      byName["app"]?.status == (listed ? .pass : .fail),
      "the app line disagrees with the file's appIDs")
  } else {
    require(byName["app"] == nil, "an app line without --app, or for \(resource)")
  }
  if check.signed == nil, case .success(let parsed) = codings, parsed.isEmpty,
    !response.exceededCap, foundationReadsJSON(response.body)
  {
    require(lint.json != nil, "Foundation reads this body as JSON, the lint does not")
  }
}

/// `application/json` passes for every file; no header, or another type, fails only for
/// assetlinks.json (Android requires it) and is a warning for Apple's files.
private func checkContentType(
  _ line: Requirement, of response: FetchedResource, as resource: WellKnownResource, signed: Bool
) {
  guard let value = response.header("Content-Type") else {
    require(
      line.status == (resource == .assetLinks ? .fail : .warn), "no Content-Type is \(line.status)")
    return
  }
  let mediaType = value.split(separator: ";", omittingEmptySubsequences: false).first
    .map { withoutOWS($0).lowercased() }
  if mediaType == "application/json" {
    require(line.status == .pass, "Content-Type \(value.debugDescription) did not pass")
  } else if line.status == .pass {
    // Passing otherwise: the same type with other white space, or a signed file's type.
    let lower = value.lowercased()
    require(
      lower.contains("application/json") || (lower.contains("application/pkcs7-mime")),
      "Content-Type \(value.debugDescription) passed")
  }
  if resource != .assetLinks {
    require(line.status != .fail, "Content-Type failed for Apple's file (Apple does not check it)")
  }
}

/// Foundation reads `body` as a JSON object or array: UTF-8 (what the lint reads), at most 128 KB,
/// nesting at most 511 levels (Apple's parser and the lint both stop past 512).
private func foundationReadsJSON(_ body: [UInt8]) -> Bool {
  guard body.count <= FileKind.maximumSize, String(bytes: body, encoding: .utf8) != nil else {
    return false
  }
  guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
    first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
  else { return false }
  var depth = 0
  var deepest = 0
  var inString = false
  var escaped = false
  for byte in body {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      continue
    }
    switch byte {
    case UInt8(ascii: "\""): inString = true
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      depth += 1
      deepest = max(deepest, depth)
    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
    default: break
    }
  }
  guard deepest < JSONReader.maximumDepth else { return false }
  return (try? JSONSerialization.jsonObject(with: Data(body))) != nil
}

/// `text` without HTTP's optional white space (spaces and tabs) at either end.
private func withoutOWS(_ text: Substring) -> Substring {
  let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
  guard let first = text.firstIndex(where: { !isOWS($0) }) else { return text[text.endIndex...] }
  let last = text.lastIndex(where: { !isOWS($0) })!
  return text[first...last]
}

// Last: top-level code runs in order, and this call never returns.
runFuzzer { data, size in fuzzResponseJudge(fuzzInput(data, size)) }

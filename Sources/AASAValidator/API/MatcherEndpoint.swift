import AASA
import AASAAndroid
import AASACore
import AASALint
import AASAWellKnown
import Foundation

/// `POST /api/v1/matcher`: the page's own endpoint, not a document of `aasa-lint`. It answers
/// `{"text", "name"?}` with the file's compiled rules as a ``MatcherProgram``, so that the
/// single-URL box routes each typed URL in the page, without a request per keystroke
/// (docs/validator.md, "The matcher program"). The file is read exactly as `POST /api/v1/lint`
/// reads it for routing (the same detection and linter, the same ``Matcher``), so the box and the
/// list agree.
///
/// The answer is `{"kind": "aasa", "program": PROGRAM}` (a ``MatcherProgram``),
/// `{"kind": "assetlinks", "program": PROGRAM}` (an ``AndroidRouterProgram``: Android's dynamic
/// rules, read as `aasa-lint assetlinks.json URL` reads them), or `{"kind", "program": null,
/// "reason"}` when the page must ask `/api/v1/lint` instead: another kind of file (route configs
/// and App Links pages route on the server), or a program too large to run per keystroke.
/// An association file or `assetlinks.json` also says how many errors its lint found and the
/// first of them (`"errors"`, `"firstError"`), so that the box can say it answers from a broken
/// file (what Apple or Android still reads of it) rather than look like a clean `none`.
struct MatcherEndpoint {
  /// The most automaton states a program may hold: past this, a keystroke could cost the page
  /// more than a request does, and it asks the API.
  static let maximumStates = 50_000
  /// The most UTF-16 units Android's patterns may hold together, for the same reason.
  static let maximumAndroidUnits = 200_000

  /// Either platform's program, encoded as the program itself.
  enum Program: Encodable {
    case apple(MatcherProgram)
    case android(AndroidRouterProgram)

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .apple(let program): try container.encode(program)
      case .android(let program): try container.encode(program)
      }
    }
  }

  struct Body: Decodable {
    var text: String?
    var name: String?
  }

  struct Answer: Encodable {
    var kind: String
    var program: Program?
    var reason: String?
    /// The lint's errors, and the first as `LINE:COLUMN CODE message`.
    var errors: Int?
    var firstError: String?

    private enum Key: String, CodingKey {
      case kind, program, reason, errors, firstError
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(kind, forKey: .kind)
      // Written even when null, so that the page reads one shape.
      try container.encode(program, forKey: .program)
      try container.encodeIfPresent(reason, forKey: .reason)
      try container.encodeIfPresent(errors, forKey: .errors)
      try container.encodeIfPresent(firstError, forKey: .firstError)
    }
  }

  let reader: BodyReader

  func answer(_ bytes: [UInt8]) throws(APIError) -> [UInt8] {
    let body = try reader.decode(Body.self, bytes)
    let text = try reader.text(body.text, field: "text")
    let name = reader.name(body.name, fallback: "pasted.json")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let json = try? encoder.encode(Self.answer(text: text, name: name)) else {
      throw .badInput("the file's rules could not be written as a program")
    }
    return [UInt8](json) + [0x0A]
  }

  /// The program of `text`, or why there is none.
  static func answer(text: String, name: String) -> Answer {
    // Read as `POST /api/v1/lint` reads it (``InputDocument``): a signed file unwrapped. What is
    // not linted at all (an unreadable signature, an app's entitlements) has no program: the
    // API's lint says why, as the reason does.
    let bytes = Array(text.utf8)
    let input: InputDocument
    do {
      input = try InputDocument(name: name, bytes: bytes)
    } catch {
      return Answer(kind: InputKind.detect(bytes).rawValue, reason: ReportBridge.words(error))
    }
    switch input.kind {
    case .aasa, .assetlinks:
      break
    case .routes:
      return Answer(kind: "routes", reason: "a route config is routed by the API")
    case .applinks:
      return Answer(kind: "applinks", reason: "an App Links page is routed by the API")
    case .manifest:
      return Answer(kind: "manifest", reason: "an AndroidManifest.xml is not routed here")
    case .links:
      return Answer(kind: "links", reason: "a links.json is linted by the API")
    }
    // As LintRun reads it for routing: the same linter, the association it read (or none).
    let report = WellKnownLinter().lint(input.document)
    let errors = report.diagnostics.filter { $0.severity == .error }
    var answer = answer(for: report)
    answer.errors = errors.count
    answer.firstError = errors.first.map {
      "\($0.location.line):\($0.location.column) \($0.code.rawValue) \($0.message)"
    }
    return answer
  }

  /// The program of a linted association file or assetlinks.json, or why it is not sent.
  private static func answer(for report: WellKnownReport) -> Answer {
    if report.kind == .assetLinks {
      // As LintRun routes an assetlinks.json: the router of the statements it read.
      let program = AndroidRouterProgram(AndroidRouter(report.statementList ?? .empty))
      guard program.units <= maximumAndroidUnits else {
        return Answer(
          kind: "assetlinks",
          reason: "the dynamic rules hold \(program.units) characters, over \(maximumAndroidUnits)"
        )
      }
      return Answer(kind: "assetlinks", program: .android(program))
    }
    let program = MatcherProgram(Matcher(report.association ?? SiteAssociation()))
    guard program.states <= maximumStates else {
      return Answer(
        kind: "aasa",
        reason: "the rules compile to \(program.states) states, over \(maximumStates)")
    }
    return Answer(kind: "aasa", program: .apple(program))
  }
}

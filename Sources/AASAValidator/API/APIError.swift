/// An API refusal: `{"error": {"code", "message", "help"}}` with a stable code and status
/// (docs/validator.md lists them). Messages name the rule and the flag that lifts it, never more
/// of the network than the request named.
struct APIError: Error, Sendable, Encodable {
  var status: Int
  var code: String
  var message: String
  var help: String
  /// `Retry-After` seconds, for 429 and 503.
  var retryAfter: Int?

  private enum CodingKeys: String, CodingKey { case code, message, help }

  /// The help of a `bad-input` whose message says it all (a field missing, of the wrong type):
  /// what to do, not where to read about it.
  static let correctTheField =
    "correct the field the message names and send the request again (docs/validator.md lists each endpoint's fields)"

  static func badInput(_ message: String, help: String = correctTheField) -> APIError {
    APIError(status: 400, code: "bad-input", message: message, help: help)
  }

  /// The help of every `too-large`: the message names the limit that was passed.
  static let sendLess =
    "send less than the limit the message names: a smaller file, or fewer URLs, paths or lines in one request"

  static func tooLarge(_ message: String) -> APIError {
    APIError(status: 413, code: "too-large", message: message, help: sendLess)
  }

  static let unsupportedMedia = APIError(
    status: 415, code: "unsupported-media",
    message: "the API takes only Content-Type: application/json",
    help: "send the body as JSON with Content-Type: application/json")

  static let notFound = APIError(
    status: 404, code: "not-found", message: "no such page or API endpoint",
    help: "the API is under /api/v1/: lint, check, diff, device, route, passkeys, about")

  static func methodNotAllowed(_ allowed: String) -> APIError {
    APIError(
      status: 405, code: "method-not-allowed", message: "this endpoint takes \(allowed) only",
      help: "use \(allowed)")
  }

  static func rateLimited(retryAfter: Int, what: String) -> APIError {
    APIError(
      status: 429, code: "rate-limited", message: "too many requests \(what); try again later",
      help: "wait \(retryAfter) s (Retry-After)", retryAfter: retryAfter)
  }

  static let busy = APIError(
    status: 503, code: "busy", message: "the validator is running as many checks as it may at once",
    help: "try again in a few seconds", retryAfter: 2)

  /// One client address holds its share of the fetch places (``ValidatorLimits/fetchesPerClient``).
  static let clientBusy = APIError(
    status: 429, code: "rate-limited",
    message:
      "this address already has a check running; the validator runs one at a time per address",
    help: "wait for the running check's answer (Retry-After)", retryAfter: 2)

  /// The request bodies held across all connections reached ``ValidatorLimits/bodyBudget``.
  static let bodiesBusy = APIError(
    status: 503, code: "busy",
    message: "the validator is reading as many request bodies as it may at once",
    help: "try again in a few seconds", retryAfter: 2)

  static let timedOut = APIError(
    status: 504, code: "timed-out", message: "the request took longer than its deadline",
    help:
      "the site answers too slowly for the validator; check it from the command line, which waits longer: aasa-lint check SITE --timeout 60"
  )

  static let forbiddenHost = APIError(
    status: 403, code: "bad-host",
    message: "the Host header does not name this listener (DNS rebinding guard)",
    help: "open the validator by its listening address, or have the proxy pass it as Host")

  static let forbiddenOrigin = APIError(
    status: 403, code: "bad-origin", message: "requests from other origins are refused",
    help: "use the page served by this validator, or send no Origin header (CI)")

  static let unauthorized = APIError(
    status: 401, code: "unauthorized", message: "this validator needs its token",
    help: "send Authorization: Bearer TOKEN (the contents of the --token-file)")
}

/// The error document's outer object.
struct APIErrorDocument: Encodable {
  var error: APIError
}

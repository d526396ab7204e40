/// The headers every answer carries (docs/validator.md, "Security"): the page may load only its
/// own script and style and talk only to its own API; it cannot be framed; nothing is sniffed
/// into another type; no Referer leaves it. No CORS header is ever sent, so no other origin can
/// read an answer.
enum SecurityHeaders {
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
    + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

  static let all: [(name: String, value: String)] = [
    ("content-security-policy", contentSecurityPolicy),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-resource-policy", "same-origin"),
  ]
}

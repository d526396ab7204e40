/// A CA's problem document (`application/problem+json`, RFC 7807 as RFC 8555 §6.7 uses it): what
/// it refused and why, with one subproblem per identifier when an order names several.
///
/// Its ``description`` says it in words, so that a log line tells an operator what to fix
/// without the RFC at hand.
public struct ACMEProblem: Error, Codable, Equatable, Sendable, CustomStringConvertible {
  public var type: String
  public var detail: String?
  public var status: Int?
  public var identifier: ACMEIdentifier?
  public var subproblems: [ACMEProblem]?

  public init(
    type: String, detail: String? = nil, status: Int? = nil, identifier: ACMEIdentifier? = nil,
    subproblems: [ACMEProblem]? = nil
  ) {
    self.type = type
    self.detail = detail
    self.status = status
    self.identifier = identifier
    self.subproblems = subproblems
  }

  /// The namespace of the problem types RFC 8555 defines.
  public static let acmeNamespace = "urn:ietf:params:acme:error:"

  /// The short name of an ACME problem type (`badNonce`), nil for other namespaces.
  public var acmeType: String? {
    type.hasPrefix(Self.acmeNamespace) ? String(type.dropFirst(Self.acmeNamespace.count)) : nil
  }

  /// `badNonce`: the request may be sent again with the nonce of this answer (RFC 8555 §6.5).
  public var isBadNonce: Bool { acmeType == "badNonce" }

  /// "the CA refused the name (rejectedIdentifier): <detail>; a.example: …", every string from
  /// the CA clipped and its control characters escaped.
  public var description: String {
    var text = meaning
    if let detail, !detail.isEmpty { text += ": " + Self.clipped(detail) }
    let parts = (subproblems ?? []).prefix(Self.subproblemsShown).map { subproblem in
      let name = subproblem.identifier.map { Self.clipped($0.value) + ": " } ?? ""
      return name + subproblem.description
    }
    if !parts.isEmpty { text += "; " + parts.joined(separator: "; ") }
    let more = (subproblems?.count ?? 0) - Self.subproblemsShown
    if more > 0 { text += "; and \(more) more" }
    return text
  }

  /// What the type means, followed by the type itself, e.g. "the CA will not issue for this
  /// name (rejectedIdentifier)".
  var meaning: String {
    guard let name = acmeType else { return "the CA's problem \(Self.clipped(type))" }
    let words = Self.meanings[name] ?? "the CA answered with an error"
    return "\(words) (\(Self.clipped(name)))"
  }

  static let subproblemsShown = 10
  static let clipLength = 500

  /// RFC 8555 §6.7's table, in words.
  static let meanings: [String: String] = [
    "accountDoesNotExist": "no account exists for this key",
    "alreadyRevoked": "the certificate is already revoked",
    "badCSR": "the CA refused the certificate signing request",
    "badNonce": "the CA refused the request's nonce",
    "badPublicKey": "the CA does not accept this kind of key",
    "badRevocationReason": "the revocation reason is not allowed",
    "badSignatureAlgorithm": "the CA does not accept the signature algorithm",
    "caa": "a CAA record forbids this CA to issue for the name",
    "compound": "several problems",
    "connection": "the CA could not connect to the server to validate the name",
    "dns": "the CA's DNS look-up of the name failed",
    "externalAccountRequired": "the CA requires external account binding",
    "incorrectResponse": "the answer to the challenge was wrong",
    "invalidContact": "the CA refused the contact address",
    "malformed": "the CA could not read the request",
    "orderNotReady": "the order is not ready to be finalized",
    "rateLimited": "a rate limit of the CA was reached",
    "rejectedIdentifier": "the CA will not issue for this name",
    "serverInternal": "the CA failed internally",
    "tls": "the TLS connection of the validation failed",
    "unauthorized": "the account is not authorized for this",
    "unsupportedContact": "the CA does not support this contact's scheme",
    "unsupportedIdentifier": "the CA does not support this kind of identifier",
    "userActionRequired": "the CA needs a person to act (see its instructions)",
    "alreadyReplaced": "the certificate has already been replaced",
  ]

  /// At most ``clipLength`` characters, control characters shown as `\u{…}`: a CA's text goes
  /// into log lines.
  static func clipped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(clipLength) {
      if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) || scalar == "\u{2028}"
        || scalar == "\u{2029}"
      {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if text.unicodeScalars.count > clipLength { result += "…" }
    return result
  }
}

/// An identifier in an order or authorization: for aasa always `dns` and a host name.
public struct ACMEIdentifier: Codable, Hashable, Sendable {
  public var type: String
  public var value: String

  public init(type: String = "dns", value: String) {
    self.type = type
    self.value = value
  }

  public static func dns(_ name: String) -> ACMEIdentifier { ACMEIdentifier(value: name) }
}

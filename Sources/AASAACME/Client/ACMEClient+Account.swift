extension ACMEClient {
  /// The account of `key`: made when none exists (the CA's terms of service agreed to), or
  /// found (`onlyReturnExisting`: the CA answers `accountDoesNotExist` instead of making one).
  /// `externalAccountBinding` is for CAs that require it (RFC 8555 §7.3.4).
  public func account(
    key: AccountKey, contact: [String] = [], externalAccountBinding: ExternalAccountBinding? = nil,
    onlyReturnExisting: Bool = false
  ) async throws -> ACMEAccount {
    let url = try await directory().newAccount
    var request = NewAccountRequest()
    if onlyReturnExisting {
      request.onlyReturnExisting = true
    } else {
      request.termsOfServiceAgreed = true
      request.contact = contact.isEmpty ? nil : contact
      request.externalAccountBinding = try externalAccountBinding.map {
        try FlattenedJWS.externalAccountBinding($0, accountKey: key, url: url)
      }
    }
    let response = try await post(
      url, payload: try ACMEJSON.encode(request), key: key, signer: .jwk, request: "newAccount")
    guard let location = response.location else {
      throw ACMEError.unexpectedResponse("newAccount answered with no Location")
    }
    let body = try ACMEJSON.decode(AccountBody.self, from: response.body, what: "the account")
    let account = ACMEAccount(
      url: try ACMEURL.check(location, "the account URL"), key: key, status: body.status,
      created: response.status == 201)
    guard body.status == "valid" else {
      throw ACMEError.unusable(
        "the account \(ACMEProblem.clipped(account.url)) is \(ACMEProblem.clipped(body.status))")
    }
    return account
  }
}

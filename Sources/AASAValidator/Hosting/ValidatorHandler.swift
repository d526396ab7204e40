import AASAHosting
import Foundation
import Logging

/// The validator page and its JSON API as a ``HostedHandler``: `aasa-lint web` and
/// `aasa-serve --validator` put this one value on a listener of AASAHosting's. Every request
/// passes the same gate, in this order: `Host` names the listener, then (API only) the token,
/// `Origin` and the media type, all judged on the head before a byte of the body is read
/// (``refusal(beforeBody:)``), then the client's rate.
public struct ValidatorHandler: HostedHandler {
  let configuration: ValidatorConfiguration
  let hostCheck: HostCheck
  let api: ValidatorAPI
  let clientRate: RateLimiter

  public var maximumBodySize: Int { configuration.limits.maximumBody }
  public var bodyBudget: Int { configuration.limits.bodyBudget }

  public init(configuration: ValidatorConfiguration, logger: Logger) {
    self.configuration = configuration
    hostCheck = HostCheck(listenHost: configuration.listenHost, extraNames: configuration.hostNames)
    api = ValidatorAPI(configuration: configuration, log: FetchLog(logger: logger))
    clientRate = RateLimiter(
      burst: configuration.limits.clientBurst,
      refillSeconds: configuration.limits.clientRefillSeconds)
  }

  /// The page's files, in bytes (the budget is 100 KB).
  public static var pageBytes: Int { PageAssets.shared.totalBytes }

  public func tooLarge() -> HostedResponse {
    Self.error(.tooLarge("the request body is over \(maximumBodySize) bytes"))
  }

  public func overloaded() -> HostedResponse { Self.error(.bodiesBusy) }

  public func refusal(beforeBody request: HostedRequest) -> HostedResponse? {
    headRefusal(request).map(Self.error)
  }

  /// A listener bound beyond loopback without a token, whatever the name it was given.
  public func bindingProblem(boundTo address: String) -> String? {
    guard configuration.token == nil, !ValidatorConfiguration.isLoopback(address) else {
      return nil
    }
    return
      "bound to \(address), beyond loopback, which needs --token-file: the page fetches URLs for whoever reaches it"
  }

  /// What the head alone refuses: a `Host` that does not name the listener, then (API only) a
  /// missing token, another origin, a body that is not JSON; a page asked with a method other
  /// than GET. Nil when the body is to be read.
  func headRefusal(_ request: HostedRequest) -> APIError? {
    guard request.headerCount("host") == 1, hostCheck.accepts(request.header("host")) else {
      return .forbiddenHost
    }
    let path = request.path
    guard path.hasPrefix("/api/") else {
      return request.method == "GET" || request.method == "HEAD" ? nil : .methodNotAllowed("GET")
    }
    if let token = configuration.token,
      !token.accepts(authorization: request.header("authorization"))
    {
      return .unauthorized
    }
    guard HostCheck.originMatches(request.header("origin"), host: request.header("host")) else {
      return .forbiddenOrigin
    }
    if request.method == "POST", ValidatorEndpoint(path: path)?.takesJSON == true,
      !Self.isJSON(request.header("content-type"))
    {
      return .unsupportedMedia
    }
    return nil
  }

  public func respond(to request: HostedRequest) async -> HostedResponse {
    // Judged again here: a caller in the process (a test) may ask without the listener.
    if let refusal = headRefusal(request) { return Self.error(refusal) }
    let path = request.path
    guard path.hasPrefix("/api/") else { return page(request, path: path) }
    let endpoint = ValidatorEndpoint(path: path)
    if endpoint?.spendsClientRate ?? true, let wait = clientRate.take(request.remoteAddress ?? "-")
    {
      return Self.error(.rateLimited(retryAfter: wait, what: "from this address"))
    }
    do {
      guard let endpoint else { throw APIError.notFound }
      guard
        request.method == endpoint.method || (request.method == "HEAD" && endpoint.method == "GET")
      else {
        throw APIError.methodNotAllowed(endpoint.method)
      }
      if endpoint.takesJSON, !Self.isJSON(request.header("content-type")) {
        throw APIError.unsupportedMedia
      }
      switch endpoint {
      case .about:
        return Self.json(api.about(), status: 200)
      case .matcher:
        // The page's own: the file's compiled rules for the as-you-type box (MatcherEndpoint).
        return Self.json(try MatcherEndpoint(reader: api.reader).answer(request.body), status: 200)
      case .lint, .check, .diff, .device, .route, .passkeys:
        let answer = try await api.answer(
          endpoint, body: request.body, client: request.remoteAddress)
        var response = Self.json(answer.document.json, status: 200)
        response.headers.append(("x-aasa-exit-status", String(answer.document.exitStatus)))
        if let command = answer.command?.headerValue {
          response.headers.append(("x-aasa-command", command))
        }
        return response
      }
    } catch let error as APIError {
      return Self.error(error)
    } catch {
      return Self.error(.badInput("\(error)"))
    }
  }

  /// `application/json`, with or without parameters (`; charset=utf-8`): nothing else, so that
  /// no cross-site form (which can send only form and text types) reaches the API.
  static func isJSON(_ contentType: String?) -> Bool {
    guard let contentType else { return false }
    let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
    return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
  }

  private func page(_ request: HostedRequest, path: String) -> HostedResponse {
    guard request.method == "GET" || request.method == "HEAD" else {
      return Self.error(.methodNotAllowed("GET"))
    }
    guard let asset = PageAssets.shared.byPath[path] else { return Self.error(.notFound) }
    var headers = SecurityHeaders.all
    headers.append(("content-type", asset.contentType))
    headers.append(("cache-control", "no-cache"))
    headers.append(("etag", asset.etag))
    if request.header("if-none-match") == asset.etag {
      return HostedResponse(status: 304, headers: headers)
    }
    return HostedResponse(status: 200, headers: headers, body: asset.bytes)
  }

  static func json(_ body: [UInt8], status: Int) -> HostedResponse {
    var headers = SecurityHeaders.all
    headers.append(("content-type", "application/json; charset=utf-8"))
    headers.append(("cache-control", "no-store"))
    return HostedResponse(status: status, headers: headers, body: body)
  }

  static func error(_ error: APIError) -> HostedResponse {
    var response = json(ValidatorAPI.encode(APIErrorDocument(error: error)), status: error.status)
    if let retryAfter = error.retryAfter {
      response.headers.append(("retry-after", String(retryAfter)))
    }
    return response
  }
}

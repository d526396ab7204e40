import AASACore
import AASALint
import AASALiveCheck
import Logging
import NIOCore

/// The validator's API for a client in this process: the tools of `aasa-lint mcp`
/// (docs/mcp.md), which an agent calls with the same fields the page posts. Every answer goes
/// through ``ValidatorAPI``, so a tool reads, bounds and vets exactly as `/api/v1/` does, under
/// the same ``FetchPolicy`` (public https:443 unless the operator's `--allow`), and answers with
/// the document `aasa-lint … --format json` writes for the same inputs (``ReportBridge``).
package struct AgentAnswers: Sendable {
  /// What a call ends with: the document and the exit status the command line would end with,
  /// or the API's refusal (its stable code, what is wrong, and how to fix it).
  package enum Answer: Sendable, Equatable {
    case document(json: [UInt8], exitStatus: Int)
    case refused(code: String, message: String, help: String)
  }

  private let api: ValidatorAPI
  /// The name the fetch log gives the caller.
  private let client: String

  package init(configuration: ValidatorConfiguration, logger: Logger, client: String = "mcp") {
    api = ValidatorAPI(configuration: configuration, log: FetchLog(logger: logger))
    self.client = client
  }

  /// The endpoints a body may be given to: the page's five, and `cdn`.
  package static let endpoints = ["lint", "check", "diff", "device", "route", "cdn"]

  /// The answer of `endpoint` for the JSON `body`, within the API's deadline.
  package func answer(_ endpoint: String, body: [UInt8]) async -> Answer {
    do throws(APIError) {
      let document =
        endpoint == "cdn"
        ? try await api.cdnLint(body, client: client)
        : try await api.answer(endpoint: endpoint, body: body, client: client)
      return .document(json: document.json, exitStatus: document.exitStatus)
    } catch {
      return .refused(code: error.code, message: error.message, help: error.help)
    }
  }
}

/// `cdn`'s body: the host whose copy is read, and what `aasa-lint COPY-URL` takes beside it.
struct CDNBody: Decodable {
  var host: String?
  var urls: [String]?
  var app: String?
}

extension ValidatorAPI {
  /// `aasa-lint https://app-site-association.cdn-apple.com/a/v1/HOST --kind aasa [URL ...] [--app A]
  /// --format json`: Apple's CDN copy of a host's association file, fetched at the address the
  /// policy vetted for the CDN's host (as the diff's `cdn` side is), and linted as the command
  /// line lints a fetched file, named by its URL.
  func cdnLint(_ body: [UInt8], client: String?) async throws(APIError) -> BridgeDocument {
    let request = try reader.decode(CDNBody.self, body)
    let urls = try reader.list(
      request.urls, field: "urls", maximum: configuration.limits.maximumURLs)
    let site = try site(request.host)
    let configuration = self.configuration
    let url = CDNCopy.url(base: configuration.cdnBase, host: site.host)
    // Apple's CDN fetches only public names; a stub's base (tests) is asked whatever the host.
    if configuration.cdnBase == LiveCheckOptions.appleCDNBase,
      let reason = CDNCopy.unreachableReason(host: site.host)
    {
      throw .badInput("host: \(reason), so Apple's CDN has no copy of it", help: "check the site")
    }
    let cdn: SiteAddress
    do {
      cdn = try SiteAddress(parsing: url)
    } catch {
      throw .badInput("the CDN's URL \(url) cannot be used: \(error.reason)")
    }
    if let wait = clientFetchRate.take(client ?? "-") {
      throw .rateLimited(retryAfter: wait, what: "that fetch from this address")
    }
    if let wait = hostRate.take(cdn.host) {
      throw .rateLimited(retryAfter: wait, what: "for \(cdn.host)")
    }
    let log = self.log
    let policy = configuration.policy
    let bytes = try await gate.run(client: client ?? "-") { () async throws(APIError) -> [UInt8] in
      let started = NIODeadline.now()
      let address: String
      do {
        address = try await policy.vet(host: cdn.host, port: cdn.port)
      } catch let refusal as FetchPolicy.Refusal {
        log.record(
          endpoint: "cdn", client: client, host: cdn.host, port: cdn.port,
          address: refusal.resolvedAddress, outcome: "refused \(refusal.code)", started: started)
        throw APIError(
          status: 403, code: refusal.code, message: refusal.message,
          help: ValidatorSetup.help(lifting: refusal))
      } catch {
        let timeout = TimeAmount.milliseconds(
          Int64(configuration.limits.fetchTimeoutSeconds * 1000))
        throw .badInput(ConnectionProblem(error, site: cdn, timeout: timeout).description)
      }
      let trust: TrustRoots
      do throws(TrustRoots.UnreadableCAFile) {
        trust = try TrustRoots.validator(caFile: configuration.caFile)
      } catch {
        throw .badInput("the validator's CA file cannot be used: \(error.reason)")
      }
      do throws(CDNCopy.Missing) {
        let bytes = try await CDNCopy.fetch(
          host: site.host, base: configuration.cdnBase, trust: trust,
          timeoutSeconds: configuration.limits.fetchTimeoutSeconds, pinnedAddress: address)
        log.record(
          endpoint: "cdn", client: client, host: cdn.host, port: cdn.port, address: address,
          outcome: "fetched \(bytes.count) bytes", started: started)
        return bytes
      } catch {
        log.record(
          endpoint: "cdn", client: client, host: cdn.host, port: cdn.port, address: address,
          outcome: "no copy", started: started)
        let advice = error.advice(for: site.host)
        switch error.kind {
        case .noCopy:
          throw APIError(
            status: 502, code: "cdn-no-copy", message: error.reason,
            help: advice.isEmpty
              ? "Apple's CDN fetches the file about once a week; check the site meanwhile" : advice)
        case .unreachable:
          throw APIError(
            status: 502, code: "cdn-unreachable", message: error.reason,
            help: "try again later, or check the site itself")
        }
      }
    }
    let input = LintInput(
      text: String(decoding: bytes, as: UTF8.self), name: url, urls: urls,
      app: request.app?.isEmpty == false ? request.app : nil, domain: nil)
    do throws(ReportBridge.Unusable) {
      return try ReportBridge.lint(input)
    } catch {
      throw .badInput(error.message)
    }
  }
}

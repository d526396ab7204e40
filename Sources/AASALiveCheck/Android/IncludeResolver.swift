import AASAAndroid
import AASACore
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

extension IncludedStatements {
  /// Follows the `include` statements of `root`, the assetlinks.json of `options.site`, breadth
  /// first within `limits`: each URL must be https, must not reach an internal address the site
  /// itself is not on (``AddressPolicy``), is fetched once with Android's size cap and no
  /// redirect, and judged as the site's own file is (200 only, `application/json`, valid JSON,
  /// no invalid statement). A list on the site's own origin goes where the site's requests go
  /// (`--connect-to`), its TLS judged by the check of the site; a list elsewhere is fetched with
  /// its certificate verified against `options.trust`, as Google would.
  public static func fetch(
    includesOf root: StatementList, options: LiveCheckOptions, limits: Limits = Limits(),
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
  ) async -> IncludedStatements {
    guard !root.includes.isEmpty else { return IncludedStatements() }
    let site = options.site
    let target = options.connectTo.flatMap { $0.applies(to: site) ? $0.target(for: site) : nil }
    // Where the site's own connections go: the connect-to target, or the vetted address.
    let originAddress = target?.host ?? options.pinnedAddress
    let originClient = ResourceFetcher.makeClient(
      timeout: options.timeout, group: group,
      dnsOverride: originAddress.map { [site.host: $0] } ?? [:])
    let otherClient = ResourceFetcher.makeClient(
      timeout: options.timeout, group: group, verifying: options.trust)
    let origin = ResourceFetcher(
      client: originClient, timeout: options.timeout,
      redirection: target.map { (site, $0.port) })
    let other = ResourceFetcher(client: otherClient, timeout: options.timeout)
    let judge = ResponseJudge(
      signerRoots: options.trust.store, signerRootsName: options.trust.name,
      site: SiteDomain(host: site.host))
    // Clients made for vetted addresses of other hosts, shut down at the end.
    let pinnedClients = PinnedClients()
    let result = await follow(
      root, site: site, timeout: options.timeout, judge: judge, limits: limits
    ) { url throws -> ResourceFetcher in
      if url.hasPrefix(site.origin + "/") { return origin }
      guard let vet = options.vetOtherHost else { return other }
      // The host as vetted is the host the request looks up: ``ResourceFetcher`` fetches every
      // URL under its canonical spelling, whose host is this one.
      let address = try SiteAddress(parsing: url)
      let pinned = try await vet(address.host, address.port)
      let client = ResourceFetcher.makeClient(
        timeout: options.timeout, group: group, dnsOverride: [address.host: pinned],
        verifying: options.trust)
      pinnedClients.add(client)
      return ResourceFetcher(client: client, timeout: options.timeout)
    }
    try? await originClient.shutdown()
    try? await otherClient.shutdown()
    for client in pinnedClients.all { try? await client.shutdown() }
    return result
  }

  private static func follow(
    _ root: StatementList, site: SiteAddress, timeout: TimeAmount, judge: ResponseJudge,
    limits: Limits, fetcher: (String) async throws -> ResourceFetcher
  ) async -> IncludedStatements {
    var result = IncludedStatements()
    let rootURL = site.url(WellKnownResource.assetLinks.path)
    var queue: [(url: String, from: String, depth: Int, path: [String])] = root.includes.map {
      ($0.url, rootURL, 1, [rootURL])
    }
    var seen: Set<String> = [rootURL]
    var fetches = 0
    var head = 0
    let policy = AddressPolicy()
    // One budget for every include of this file, not `timeout` each: ten lists that accept a
    // connection and never answer held a check (and a validator's fetch place) ten timeouts
    // long (the security review's F4). Whatever is left when one ends is the next one's.
    let deadline = NIODeadline.now() + timeout
    while head < queue.count {
      let (url, from, depth, path) = queue[head]
      head += 1
      if seen.contains(url) {
        result.cycles.append((path + [url]).joined(separator: " → "))
        continue
      }
      guard fetches < limits.maximumFetches, depth <= limits.maximumDepth else {
        result.notFetched.append(url)
        continue
      }
      seen.insert(url)
      var list = IncludedStatements.List(
        url: url, depth: depth, includedFrom: from, statementList: nil, problem: nil,
        requirements: [])
      if let refusal = Self.includeRefusal(url, site: site, policy: policy) {
        list.problem = refusal
        list.requirements = [Requirement("include", .fail, "\(url): \(refusal)")]
        result.lists.append(list)
        continue
      }
      let left = deadline - .now()
      guard left > .zero else {
        list.problem =
          "not fetched: the includes' \(Self.secondsText(timeout)) s ran out before it"
        result.lists.append(list)
        continue
      }
      fetches += 1
      let chosen: ResourceFetcher
      do {
        chosen = try await fetcher(url)
      } catch let refusal as FetchPolicy.Refusal {
        // The caller's fetch policy refused the host: nothing was sent to it.
        let words = "not fetched: \(refusal)"
        list.problem = words
        list.requirements = [Requirement("include", .fail, "\(url): \(words)")]
        result.lists.append(list)
        continue
      } catch {
        // A name that does not resolve, in words ("cannot resolve HOST"), never the resolver's
        // type and error number; the caller's other reasons (a host's rate spent) as they say,
        // and a library's error as FetchPolicy words it.
        let unresolved = error is SocketAddressError.UnknownHost || error is SocketAddressError
        let address = try? SiteAddress(parsing: url)
        let host = address?.host ?? url
        let words =
          "not fetched: "
          + (unresolved
            ? "cannot resolve \(host)"
            : FetchPolicy.words(
              for: error, host: host, port: address?.port ?? 443, timeout: timeout))
        list.problem = words
        list.requirements = [Requirement("include", .fail, "\(url): \(words)")]
        result.lists.append(list)
        continue
      }
      let remaining = max(deadline - .now(), .milliseconds(1))
      do {
        let response = try await chosen.within(remaining).fetch(url, cap: AndroidServing.sizeCap)
        let check = judge.judgeAssetLinks(response)
        list.requirements = check.requirements
        if let failed = check.requirements.first(where: { $0.status == .fail }) {
          list.problem = "\(failed.name): \(failed.detail)"
        } else if let statements = check.lint?.statementList {
          if statements.isIgnoredByGoogle {
            list.problem = "it has an invalid statement, so Google discards this include"
          } else {
            list.statementList = statements
            for include in statements.includes {
              queue.append((include.url, url, depth + 1, path + [url]))
            }
          }
        } else {
          list.problem = "it is not a statement list (a JSON array)"
        }
      } catch {
        let reached = (try? SiteAddress(parsing: url)) ?? site
        list.problem = ConnectionProblem(error, site: reached, timeout: remaining).description
      }
      result.lists.append(list)
    }
    return result
  }

  /// `10` or `2.5`: seconds as the include lines say them.
  static func secondsText(_ amount: TimeAmount) -> String {
    let seconds = Double(amount.nanoseconds) / 1e9
    return seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }

  /// Why `url` is not fetched: not https (Google: "Insecure URL in fetch stack of secure
  /// asset"), or an internal address other than the site's own.
  static func includeRefusal(_ url: String, site: SiteAddress, policy: AddressPolicy) -> String? {
    guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty
    else { return "not an absolute URL" }
    guard components.scheme?.lowercased() == "https" else {
      return "not https; Google refuses an insecure URL in the fetch stack of an https site"
    }
    return policy.redirectRefusal(
      fromScheme: "https", toScheme: "https", toHost: host, askedHost: site.host
    ).map { "not fetched: \($0)" }
  }

  /// The `include` lines for the site's assetlinks.json check: one per included list, one per
  /// cycle, one for what the limits left out.
  public var requirements: [Requirement] {
    let included = self
    var lines: [Requirement] = []
    for list in included.lists {
      if let statements = list.statementList {
        let count = statements.statements.count
        lines.append(
          Requirement(
            "include", .pass,
            "\(list.url) (level \(list.depth)): \(count) statement\(count == 1 ? "" : "s")"
              + (list.depth > IncludedStatements.Limits.aospDepth
                ? "; AOSP's verifier follows only one level" : "")))
      } else {
        lines.append(
          Requirement(
            "include", .warn,
            "\(list.url) (level \(list.depth)) counts for nothing: \(list.problem ?? "unreadable")"
          ))
      }
    }
    for cycle in included.cycles {
      lines.append(
        Requirement(
          "include", .warn,
          "a loop of includes (\(cycle)): Google stops at its fetch budget; the statements before the loop still count"
        ))
    }
    if !included.notFetched.isEmpty {
      lines.append(
        Requirement(
          "include", .warn,
          "not fetched, past the limit of includes: \(included.notFetched.joined(separator: ", "))"
        ))
    }
    return lines
  }
}

/// The HTTP clients made while following includes, each for one vetted address.
private final class PinnedClients: Sendable {
  private let clients = PlatformLock<[HTTPClient]>([])

  func add(_ client: HTTPClient) { clients.withLock { $0.append(client) } }
  var all: [HTTPClient] { clients.withLock { $0 } }
}

/// The validator's caps, deadlines and rates (docs/validator.md, "Limits"). Tests make smaller
/// ones; `GET /api/v1/about` reports them.
public struct ValidatorLimits: Sendable, Encodable {
  /// The largest request body read, in bytes.
  public var maximumBody = 2 << 20
  /// The largest pasted file, in UTF-8 bytes.
  public var maximumText = 1 << 20
  /// URLs to route (lint, diff) and paths to check.
  public var maximumURLs = 1000
  public var maximumPaths = 100
  /// The longest URL or path, in bytes.
  public var maximumURLLength = 4096
  /// `applinks:` domains of an uploaded entitlements file, each checked.
  public var maximumDomains = 20
  /// Lines of an `expect` table.
  public var maximumExpectLines = 1000
  /// Each connection, TLS handshake and response of a fetch, in seconds.
  public var fetchTimeoutSeconds = 10.0
  /// A whole request, in seconds.
  public var requestDeadlineSeconds = 30.0
  /// Request bodies held at once across every connection, in bytes, from a request's head to
  /// its answer; a request whose body would go past it gets 503 `busy` before it is read.
  public var bodyBudget = 16 << 20
  /// Checks and site fetches running at once, across all clients; more get 503.
  public var concurrentFetches = 4
  /// Of those, the most one client address holds at once; more get 429. At a request's
  /// deadline its place is given back and its fetches cancelled.
  public var fetchesPerClient = 1
  /// Per client address: API requests in a burst, and one more every this many seconds.
  public var clientBurst = 60
  public var clientRefillSeconds = 1.0
  /// Per client address: fetching requests (check, diff of a site) in a burst, and the refill.
  public var clientFetchBurst = 10
  public var clientFetchRefillSeconds = 6.0
  /// Per target host, across all clients: fetching requests in a burst, and the refill.
  public var hostBurst = 6
  public var hostRefillSeconds = 10.0

  public init() {}
}

/// What a hosted listener (``HostedListener``) serves: the requests of one concern (the
/// validator page of `AASAValidator`, `aasa-serve`'s admin paths, ACME's HTTP-01 answers), put on
/// a listener with the connection limit, deadlines, header size and body budget every plain
/// listener has. The handler says what to answer; the listener reads, bounds and writes.
public protocol HostedHandler: Sendable {
  /// The largest request body read; a larger one gets ``tooLarge()`` without being read.
  var maximumBodySize: Int { get }

  /// The answer to a complete request.
  func respond(to request: HostedRequest) async -> HostedResponse

  /// The answer to a request whose body is over ``maximumBodySize``, in the handler's own words
  /// (its error format); the connection closes after it.
  func tooLarge() -> HostedResponse

  /// The answer to a request judged on its head alone (its ``HostedRequest/body`` is empty),
  /// before a byte of the body is read: a refusal, after which the connection closes and the
  /// body is never read, or nil to read the body and ask ``respond(to:)``. A request that a
  /// handler would refuse whatever its body (no token, another site's `Origin`) then costs no
  /// memory however large it says it is.
  func refusal(beforeBody request: HostedRequest) -> HostedResponse?

  /// The most body bytes held at once across every connection of the listener, from the head
  /// of a request to its answer: what many clients sending large bodies at once can make the
  /// process hold. A request whose body would go past it gets ``overloaded()``.
  var bodyBudget: Int { get }

  /// The answer to a request whose body would go past ``bodyBudget``, in the handler's own
  /// words; the connection closes after it.
  func overloaded() -> HostedResponse

  /// Why the handler must not be served on the address the listener bound (an IP address,
  /// `127.0.0.1`, `::1`, `10.9.9.9`), or nil. Judged after the bind, so that a name given to
  /// listen on is judged by where it resolved, not by how it reads.
  func bindingProblem(boundTo address: String) -> String?

  /// Whether each connection carries one request: the answer says `connection: close` and no
  /// pipelined request is read (an ACME validator makes one request per connection).
  var answersOneRequestPerConnection: Bool { get }
}

extension HostedHandler {
  public func refusal(beforeBody request: HostedRequest) -> HostedResponse? { nil }
  public var bodyBudget: Int { Int.max }
  public func overloaded() -> HostedResponse { HostedResponse(status: 503) }
  public func bindingProblem(boundTo address: String) -> String? { nil }
  public var answersOneRequestPerConnection: Bool { false }
}

/// A complete HTTP/1.1 request, as a ``HostedHandler`` gets it.
public struct HostedRequest: Sendable {
  public var method: String
  /// The request target as sent: `/api/v1/lint`, `/?x=1`.
  public var target: String
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  /// The client's IP address (`127.0.0.1`, `::1`), or nil when the socket has none.
  public var remoteAddress: String?

  public init(
    method: String, target: String, headers: [(name: String, value: String)], body: [UInt8],
    remoteAddress: String?
  ) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    self.remoteAddress = remoteAddress
  }

  /// The value of the first header named `name` (case-insensitive), or nil.
  public func header(_ name: String) -> String? {
    let name = name.lowercased()
    return headers.first { $0.name.lowercased() == name }?.value
  }

  /// How many headers are named `name`: a second `Host` is refused, not guessed at.
  public func headerCount(_ name: String) -> Int {
    let name = name.lowercased()
    return headers.filter { $0.name.lowercased() == name }.count
  }

  /// The target's path, without its query.
  public var path: String {
    String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }
}

/// A ``HostedHandler``'s answer. The listener adds `content-length` and, when the request asked
/// for it, `connection: close`.
public struct HostedResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]

  public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

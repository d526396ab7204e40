/// What the server answered for one well-known path: the status line, the headers, and the body
/// up to the size cap.
public struct FetchedResource: Sendable, Hashable {
  /// A response header, as sent.
  public struct Header: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public var url: String
  public var status: Int
  public var reasonPhrase: String
  public var headers: [Header]
  /// At most ``ResourceFetcher/sizeCap`` bytes.
  public var body: [UInt8]
  /// The server sent more than ``ResourceFetcher/sizeCap`` bytes; reading stopped there.
  public var exceededCap: Bool

  public init(
    url: String, status: Int, reasonPhrase: String, headers: [Header], body: [UInt8],
    exceededCap: Bool
  ) {
    self.url = url
    self.status = status
    self.reasonPhrase = reasonPhrase
    self.headers = headers
    self.body = body
    self.exceededCap = exceededCap
  }

  /// The first value of a header, compared case-insensitively.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// `200 OK`.
  public var statusLine: String { reasonPhrase.isEmpty ? "\(status)" : "\(status) \(reasonPhrase)" }
}

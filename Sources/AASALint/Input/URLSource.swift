/// Where the URLs to route come from.
package enum URLSource {
  case none
  case list([String])
  /// One per line, streamed: a file or `-` for standard input.
  case lines(LineReader)

  /// Whether URLs were given at all. An empty list is none given: the API and the agents' tools
  /// pass `urls: []` where the command line passes no URL, and both must get the same report
  /// (without a `routes` member). A list file, even an empty one, was given.
  package var isEmpty: Bool {
    switch self {
    case .none: true
    case .list(let urls): urls.isEmpty
    case .lines: false
    }
  }

  /// Calls `body` with each URL, streaming from a file.
  package func forEach(_ body: (Substring) throws -> Void) throws {
    switch self {
    case .none: return
    case .list(let list): for url in list { try body(Substring(url)) }
    case .lines(let reader): try reader.forEachLine(body)
    }
  }

  /// Every URL, read into memory (the formats that show them together, not streamed).
  package func collect() throws -> [String] {
    var urls: [String] = []
    try forEach { urls.append(String($0)) }
    return urls
  }
}

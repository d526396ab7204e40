/// Where the URLs to route come from.
package enum URLSource {
  case none
  case list([String])
  /// One per line, streamed: a file or `-` for standard input.
  case lines(LineReader)

  /// Whether URLs were given at all.
  package var isEmpty: Bool {
    if case .none = self { return true }
    return false
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

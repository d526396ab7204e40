/// `--token-file`: the bearer token the API asks of every request when the validator listens
/// beyond loopback. Compared in constant time: how long a refusal takes says nothing of how many
/// bytes matched.
public struct AccessToken: Sendable {
  let bytes: [UInt8]

  /// The token from a file's contents: surrounding white space is dropped; nil when fewer than
  /// 16 bytes are left (too short to stand against guessing).
  public init?(fileContents: [UInt8]) {
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }
    let trimmed = fileContents.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
    guard trimmed.count >= 16 else { return nil }
    bytes = Array(trimmed)
  }

  /// Whether `header` is `Bearer TOKEN` with this token.
  func accepts(authorization header: String?) -> Bool {
    guard let header, header.utf8.count > 7, header.lowercased().hasPrefix("bearer ") else {
      return false
    }
    return Self.constantTimeEqual(Array(header.utf8.dropFirst(7)), bytes)
  }

  /// Equal bytes, in a time that depends only on the lengths.
  static func constantTimeEqual(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
    var difference = given.count ^ expected.count
    for index in expected.indices {
      let other = index < given.count ? given[index] : ~expected[index]
      difference |= Int(other ^ expected[index])
    }
    return difference == 0
  }
}

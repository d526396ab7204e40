import Foundation

/// `DIR/backoff/<name>.json`: how many orders of a name failed in a row and when the next may
/// start, kept in the folder so that a restart, a crash loop or another replica does not start
/// the count again. Let's Encrypt pauses a name for an account after too many failed
/// validations; a backoff that lived in memory only would restart at its shortest wait on every
/// restart. See docs/aasa-serve.md, "Automatic certificates".
extension ACMEStorage {
  /// One name's backoff as stored.
  public struct Backoff: Codable, Equatable, Sendable {
    /// The file's format: a file of another version is ignored (and said so).
    public var version = Backoff.currentVersion
    public var name: String
    /// Orders that failed in a row (an order still running counts: a crash must not reset it).
    public var failures: Int
    /// No order before this.
    public var nextAttempt: Date
    /// The last failure, in words, for the operator reading the file.
    public var lastError: String?

    public static let currentVersion = 1
    /// The most failures counted: far past the longest wait of the schedule.
    public static let failureCap = 10_000

    public init(name: String, failures: Int, nextAttempt: Date, lastError: String? = nil) {
      self.name = name
      self.failures = failures
      self.nextAttempt = nextAttempt
      self.lastError = lastError
    }
  }

  /// What reading a name's backoff gave.
  public enum BackoffRead: Equatable, Sendable {
    /// No file: the name has not failed.
    case none
    case stored(Backoff)
    /// A file that cannot be used (not JSON, another version, another name, numbers out of
    /// range): ignored, and the reason logged.
    case unusable(path: String, reason: String)
  }

  public var backoffDirectory: String { directory + "/backoff" }

  func backoffFile(_ name: String) -> String { "\(backoffDirectory)/\(name).json" }

  /// Writes `backoff` atomically (a new file renamed over the old): replicas reading it while
  /// another writes see the old record or the new one, never half of one.
  public func saveBackoff(_ backoff: Backoff) throws(Failure) {
    guard Self.isStorableName(backoff.name) else {
      throw Failure(description: "\(ACMEProblem.clipped(backoff.name)) is not a host name to store")
    }
    try makeFolders([directory, backoffDirectory])
    let json: [UInt8]
    do { json = try Self.backoffEncoder.encode(backoff).map { $0 } } catch {
      throw Failure(description: "cannot encode the backoff of \(backoff.name) as JSON")
    }
    try write(json, to: backoffFile(backoff.name), key: false)
  }

  /// The stored backoff of `name`. A `nextAttempt` later than `longestWait` from `now` (a clock
  /// set wrong, a file edited by hand) is brought back to `now + longestWait`.
  public func loadBackoff(name: String, now: Date = Date(), longestWait: Duration)
    -> BackoffRead
  {
    guard Self.isStorableName(name) else { return .none }
    let path = backoffFile(name)
    let bytes: [UInt8]
    do {
      guard let read = try read(path, cap: 16 * 1024) else { return .none }
      bytes = read
    } catch {
      return .unusable(path: path, reason: error.description)
    }
    struct Versioned: Decodable { var version: Int? }
    guard let versioned = try? JSONDecoder().decode(Versioned.self, from: Data(bytes)) else {
      return .unusable(path: path, reason: "not a JSON object")
    }
    guard versioned.version == Backoff.currentVersion else {
      let found = versioned.version.map { "version \($0)" } ?? "no version"
      return .unusable(
        path: path, reason: "\(found), this server reads version \(Backoff.currentVersion)")
    }
    guard var backoff = try? Self.backoffDecoder.decode(Backoff.self, from: Data(bytes)) else {
      return .unusable(path: path, reason: "not a backoff record (name, failures, nextAttempt)")
    }
    guard backoff.name == name else {
      return .unusable(path: path, reason: "it is the record of another name")
    }
    guard (0...Backoff.failureCap).contains(backoff.failures) else {
      return .unusable(path: path, reason: "failures must be 0...\(Backoff.failureCap)")
    }
    let latest = now + longestWait
    if backoff.nextAttempt > latest { backoff.nextAttempt = latest }
    return .stored(backoff)
  }

  /// Forgets the backoff of `name` (its order succeeded).
  public func removeBackoff(name: String) {
    guard Self.isStorableName(name) else { return }
    System.remove(backoffFile(name))
  }

  private static var backoffEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  private static var backoffDecoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}

import Foundation

/// Pending challenges in `--acme-dir/challenges/<name>.json`, so that whichever replica the CA
/// reaches can answer for an order another replica placed: written before the CA is told to
/// validate, removed once the authorization is decided.
extension ACMEStorage {
  /// What a challenge file holds.
  struct ChallengeRecord: Codable {
    var type: String
    var token: String
    var keyAuthorization: String
    /// Seconds since 1970 after which the file is ignored: left by a replica that crashed.
    var expires: Double
  }

  /// How long a written challenge is answered at most; the CA validates within seconds.
  public static let challengeLifetime: Duration = .seconds(10 * 60)

  var challengesDirectory: String { directory + "/challenges" }

  /// Writes `challenge` for the other replicas.
  public func saveChallenge(_ challenge: PendingChallenge, now: Date = Date()) throws(Failure) {
    guard Self.isStorableName(challenge.name) else {
      throw Failure(
        description: "\(ACMEProblem.clipped(challenge.name)) is not a host name to store")
    }
    try makeFolders([directory, challengesDirectory])
    let record = ChallengeRecord(
      type: challenge.type.rawValue, token: challenge.token,
      keyAuthorization: challenge.keyAuthorization.text,
      expires: (now + Self.challengeLifetime).timeIntervalSince1970)
    let bytes: [UInt8]
    do { bytes = try ACMEJSON.encode(record) } catch {
      throw Failure(description: "cannot encode the challenge as JSON")
    }
    try write(bytes, to: "\(challengesDirectory)/\(challenge.name).json", key: true)
  }

  /// The pending challenge of `name`, if one is written and has not expired. Reads at most a
  /// small file; any file that is not a challenge record is no challenge.
  public func loadChallenge(name: String, now: Date = Date()) -> PendingChallenge? {
    guard Self.isStorableName(name),
      let bytes = try? read("\(challengesDirectory)/\(name).json"),
      let record = try? JSONDecoder().decode(ChallengeRecord.self, from: Data(bytes)),
      Date(timeIntervalSince1970: record.expires) > now,
      let type = ACMEChallengeType(rawValue: record.type),
      let dot = record.keyAuthorization.firstIndex(of: "."),
      record.keyAuthorization[..<dot] == record.token,
      let keyAuthorization = KeyAuthorization(
        token: record.token,
        thumbprint: String(record.keyAuthorization[record.keyAuthorization.index(after: dot)...]))
    else { return nil }
    return PendingChallenge(name: name, type: type, keyAuthorization: keyAuthorization)
  }

  /// Removes `name`'s challenge file.
  public func removeChallenge(name: String) {
    guard Self.isStorableName(name) else { return }
    System.remove("\(challengesDirectory)/\(name).json")
  }
}

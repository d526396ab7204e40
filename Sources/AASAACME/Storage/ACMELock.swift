import AASACore
import Foundation

/// A lock file in `--acme-dir/locks/`, so that replicas sharing the folder order each
/// certificate once: made with `O_EXCL` (only one replica's create succeeds), holding who made
/// it (host, process, a random owner id) and when it was last renewed. The holder renews it
/// every ``ACMELocks/heartbeat``; a lock not renewed for ``ACMELocks/lease`` belongs to a replica
/// that crashed or was killed, and is taken over. See docs/acme.md.
public struct ACMELocks: Sendable {
  public let directory: String
  /// Who this process is, in every lock it writes.
  public let owner: String
  /// How long a lock lives without being renewed.
  public let lease: Duration
  /// How often a held lock is renewed: a quarter of the lease, so three beats may be missed.
  public var heartbeat: Duration { lease / 4 }

  public init(storage: ACMEStorage, lease: Duration = .seconds(20)) {
    directory = storage.directory + "/locks"
    owner = "\(System.hostName)/\(System.processID)/\(UInt32.random(in: 0...UInt32.max))"
    self.lease = lease
  }

  /// What a lock file holds.
  struct Record: Codable {
    var owner: String
    var host: String
    var pid: Int
    /// Seconds since 1970.
    var created: Double
    var updated: Double
  }

  /// Takes the lock `name` (a certificate's name, or `account-HOST`): true when this process now
  /// holds it; false when a live lock of another holder is there.
  public func acquire(_ name: String, now: Date = Date()) throws(ACMEStorage.Failure) -> Bool {
    guard ACMEStorage.isStorableName(name) else {
      throw ACMEStorage.Failure(description: "\(ACMEProblem.clipped(name)) is not a lock name")
    }
    do { try System.makeDirectory(directory, permissions: 0o700) } catch {
      throw ACMEStorage.Failure(description: "cannot make \(directory): \(ErrorWords.of(error))")
    }
    let path = file(name)
    let record = Record(
      owner: owner, host: System.hostName, pid: System.processID,
      created: now.timeIntervalSince1970, updated: now.timeIntervalSince1970)
    let bytes = (try? ACMEJSON.encode(record)) ?? []
    do {
      if try System.createExclusively(bytes, at: path, permissions: 0o600) { return true }
    } catch {
      throw ACMEStorage.Failure(
        description: "cannot make the lock \(path): \(SystemError.reason(of: error))")
    }
    guard isStale(path, now: now) else { return false }
    return try takeOver(path, with: bytes, now: now)
  }

  /// Takes a stale lock over. Removing it and making a new one is a race: of two replicas that
  /// both read the stale lock, the later one's removal deletes the earlier one's new lock, and
  /// both hold it. So a taker first makes the takeover file `NAME.lock.takeover` with `O_EXCL`
  /// (of replicas taking over at once, one goes on; the others wait for the next look), reads
  /// the lock again under it (the lock may have been taken over and renewed meanwhile), then
  /// renames its own lock over the stale one (a reader sees the old lock or the new, never none)
  /// and reads the owner back before it acts. A takeover file left by a replica that crashed in
  /// those few milliseconds is removed once it is older than the lease.
  private func takeOver(_ path: String, with bytes: [UInt8], now: Date) throws(ACMEStorage.Failure)
    -> Bool
  {
    let takeover = path + ".takeover"
    do {
      guard try System.createExclusively(bytes, at: takeover, permissions: 0o600) else {
        // Judged as a lock is: by the time written in it, else its file's time.
        if isStale(takeover, now: now) { System.remove(takeover) }
        return false
      }
    } catch {
      throw ACMEStorage.Failure(
        description: "cannot make the lock \(takeover): \(SystemError.reason(of: error))")
    }
    defer { System.remove(takeover) }
    guard isStale(path, now: now) else { return false }
    do { try System.writeAtomically(bytes, to: path, permissions: 0o600) } catch {
      throw ACMEStorage.Failure(
        description: "cannot make the lock \(path): \(SystemError.reason(of: error))")
    }
    return read(path)?.owner == owner
  }

  /// Renews a held lock; false when it is no longer this process's (taken over after a pause
  /// longer than the lease), so the holder stops.
  public func renew(_ name: String, now: Date = Date()) -> Bool {
    let path = file(name)
    guard var record = read(path), record.owner == owner else { return false }
    record.updated = now.timeIntervalSince1970
    guard let bytes = try? ACMEJSON.encode(record) else { return false }
    do { try System.writeAtomically(bytes, to: path, permissions: 0o600) } catch { return false }
    return true
  }

  /// Gives the lock up, if this process holds it.
  public func release(_ name: String) {
    let path = file(name)
    guard let record = read(path), record.owner == owner else { return }
    System.remove(path)
  }

  /// Whether `name`'s lock is held by this process.
  public func holds(_ name: String) -> Bool { read(file(name))?.owner == owner }

  func file(_ name: String) -> String { "\(directory)/\(name).lock" }

  /// A lock not renewed within the lease; one that cannot be read counts from its file's time,
  /// so a half-written lock of a crashed replica is taken over too.
  private func isStale(_ path: String, now: Date) -> Bool {
    if let record = read(path) {
      return now.duration(since: Date(timeIntervalSince1970: record.updated)) > lease
    }
    return isOlderThanLease(path, now: now)
  }

  /// Whether the file at `path` was last written longer than the lease before `now`; false when
  /// it is not there.
  private func isOlderThanLease(_ path: String, now: Date) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let modified = attributes[.modificationDate] as? Date
    else { return false }
    return now.duration(since: modified) > lease
  }

  private func read(_ path: String) -> Record? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 4096) else { return nil }
    return try? JSONDecoder().decode(Record.self, from: data)
  }
}

import NIOCore

/// Takes a change only once it has held still: what successive scans see of each key (a file, a
/// certificate, a site folder) must stay the same for the settle time before a reloader takes it,
/// so that something still being written or copied is never served half-way; and a key must stay
/// gone for the settle time before it is dropped, so that a delete-then-write deploy is not a
/// removal. The reloaders own the scans and what they take; this holds only the waiting.
struct Settling<Key: Hashable, Observation: Equatable> {
  let settleTime: TimeAmount
  /// Changed keys waiting to settle: what was seen of each, and since when it has not changed.
  private var changing: [Key: (observation: Observation, since: NIODeadline)] = [:]
  /// Keys that are gone, and since when.
  private var missingSince: [Key: NIODeadline] = [:]

  init(settleTime: TimeAmount) {
    self.settleTime = settleTime
  }

  /// Whether a change waits to settle.
  var hasChanges: Bool { !changing.isEmpty }

  /// Whether a change or a removal waits to settle (a forced reload scans again until none does).
  var isWaiting: Bool { !changing.isEmpty || !missingSince.isEmpty }

  /// A scan saw `key` changed, as `observation`, at `now`. Returns true once the same observation
  /// has been seen the settle time apart, and then forgets the key: the caller takes the change.
  mutating func observe(_ key: Key, as observation: Observation, at now: NIODeadline) -> Bool {
    guard let seen = changing[key], seen.observation == observation else {
      changing[key] = (observation, now)
      return false
    }
    guard now - seen.since >= settleTime else { return false }
    changing[key] = nil
    return true
  }

  /// No change of `key` waits any more (it is as served, or could not be read whole).
  mutating func dropChange(_ key: Key) {
    changing[key] = nil
  }

  /// Forgets the changes of keys a scan no longer finds.
  mutating func dropChanges(notIn found: (Key) -> Bool) {
    for key in changing.keys where !found(key) { changing[key] = nil }
  }

  /// A scan found `key`: it is not going away.
  mutating func present(_ key: Key) {
    missingSince[key] = nil
  }

  /// A scan did not find `key` at `now`. Returns true once it has been gone for the settle time,
  /// and then forgets it: the caller drops it.
  mutating func missing(_ key: Key, at now: NIODeadline) -> Bool {
    guard let since = missingSince[key] else {
      missingSince[key] = now
      return false
    }
    guard now - since >= settleTime else { return false }
    missingSince[key] = nil
    return true
  }
}

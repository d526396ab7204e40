import Dispatch
import Foundation
import NIOConcurrencyHelpers
import TestSupport
import Testing

@testable import AASAACME

/// Replicas that find one stale lock at the same moment: exactly one takes it over. Removing the
/// stale lock and making a new one let the later taker delete the earlier one's fresh lock, and
/// both held it.
@Suite("ACME: taking over a stale lock")
struct ACMELockTakeoverTests {
  @Test func ofTakersOfOneStaleLockExactlyOneHoldsIt() throws {
    let folder = try TemporaryDirectory(label: "acme-takeover")
    let storage = ACMEStorage(directory: folder.path)
    let takers = (0..<8).map { _ in ACMELocks(storage: storage, lease: .seconds(20)) }
    let crashed = ACMELocks(storage: storage, lease: .seconds(20))
    var doubleHolds = 0
    for round in 0..<200 {
      let name = "r\(round).example.test"
      // Renewed last 30 s ago; the takers look now, with the clock (a file's time, for a lock
      // being written, is the clock's).
      #expect(try crashed.acquire(name, now: Date().addingTimeInterval(-30)))
      let later = Date()
      let winners = NIOLockedValueBox(0)
      DispatchQueue.concurrentPerform(iterations: takers.count) { index in
        if (try? takers[index].acquire(name, now: later)) == true {
          winners.withLockedValue { $0 += 1 }
        }
      }
      let count = winners.withLockedValue { $0 }
      #expect(count <= 1, "round \(round): \(count) takers hold the lock")
      if count > 1 { doubleHolds += 1 }
      // The one that holds it is the one the file names.
      #expect(takers.filter { $0.holds(name) }.count == count)
      #expect(!FileManager.default.fileExists(atPath: folder.file("locks/\(name).lock.takeover")))
    }
    #expect(doubleHolds == 0)
  }

  /// A takeover file left by a replica that crashed mid-takeover holds nobody up for longer than
  /// the lease.
  @Test func aLeftOverTakeoverFileIsRemovedAfterTheLease() throws {
    let folder = try TemporaryDirectory(label: "acme-takeover")
    let storage = ACMEStorage(directory: folder.path)
    let locks = ACMELocks(storage: storage, lease: .seconds(20))
    try folder.write("locks/a.example.test.lock", "{\"own")
    try folder.write("locks/a.example.test.lock.takeover", "{}")
    let now = Date().addingTimeInterval(30)
    // The first look removes the crashed taker's file, the next takes the lock over.
    #expect(try !locks.acquire("a.example.test", now: now))
    #expect(try locks.acquire("a.example.test", now: now))
    #expect(locks.holds("a.example.test"))
  }
}

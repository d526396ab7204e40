import Foundation
import TestSupport
import Testing

@testable import AASAACME

/// Lock files shared by replicas: one holder at a time, renewed by its holder, taken over once
/// its holder stopped renewing it for the lease.
@Suite("ACME: lock files")
struct ACMELocksTests {
  @Test func oneHolderAtATime() throws {
    let folder = try TemporaryDirectory(label: "acme-locks")
    let storage = ACMEStorage(directory: folder.path)
    let first = ACMELocks(storage: storage, lease: .seconds(20))
    let second = ACMELocks(storage: storage, lease: .seconds(20))
    #expect(try first.acquire("a.example.test"))
    #expect(try !second.acquire("a.example.test"))
    // Another name is another lock.
    #expect(try second.acquire("b.example.test"))
    #expect(first.holds("a.example.test") && !second.holds("a.example.test"))
    // Only the holder renews or releases it.
    #expect(!second.renew("a.example.test"))
    second.release("a.example.test")
    #expect(first.holds("a.example.test"))
    #expect(first.renew("a.example.test"))
    first.release("a.example.test")
    #expect(try second.acquire("a.example.test"))
    // The lock says who holds it, readable only by the owner.
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.file("locks/a.example.test.lock"))
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let record = try String(
      contentsOfFile: folder.file("locks/a.example.test.lock"), encoding: .utf8)
    #expect(
      record.contains("\"pid\"") && record.contains("\"host\"") && record.contains("\"updated\""))
  }

  /// A holder that crashed stops renewing: after the lease, another replica takes over; before
  /// it, it does not.
  @Test func aStaleLockIsTakenOver() throws {
    let folder = try TemporaryDirectory(label: "acme-locks")
    let storage = ACMEStorage(directory: folder.path)
    let crashed = ACMELocks(storage: storage, lease: .seconds(20))
    let survivor = ACMELocks(storage: storage, lease: .seconds(20))
    let then = Date()
    #expect(try crashed.acquire("a.example.test", now: then))
    #expect(try !survivor.acquire("a.example.test", now: then.addingTimeInterval(19)))
    #expect(try survivor.acquire("a.example.test", now: then.addingTimeInterval(21)))
    #expect(survivor.holds("a.example.test"))
    // The crashed holder, back after a pause, finds it is no longer its lock.
    #expect(!crashed.renew("a.example.test"))
  }

  /// A lock file a crash left half written counts from its file's time.
  @Test func anUnreadableLockCountsFromItsTime() throws {
    let folder = try TemporaryDirectory(label: "acme-locks")
    let storage = ACMEStorage(directory: folder.path)
    try folder.write("locks/a.example.test.lock", "{\"own")
    let locks = ACMELocks(storage: storage, lease: .seconds(20))
    #expect(try !locks.acquire("a.example.test"))
    #expect(try locks.acquire("a.example.test", now: Date().addingTimeInterval(30)))
  }

  /// A lock whose time no clock reads (a file edited by hand) is judged, not a crash: renewed
  /// in the far future, it is live; in the far past, stale.
  @Test func aLockFromOutsideAnyClocksRangeIsJudged() throws {
    let folder = try TemporaryDirectory(label: "acme-locks")
    let storage = ACMEStorage(directory: folder.path)
    let locks = ACMELocks(storage: storage, lease: .seconds(20))
    for (name, updated) in [("future.example.test", "1e300"), ("past.example.test", "-1e300")] {
      try folder.write(
        "locks/\(name).lock",
        "{\"owner\":\"x\",\"host\":\"h\",\"pid\":1,\"created\":0,\"updated\":\(updated)}")
    }
    #expect(try !locks.acquire("future.example.test"))
    #expect(try locks.acquire("past.example.test"))
    #expect(locks.holds("past.example.test"))
  }
}

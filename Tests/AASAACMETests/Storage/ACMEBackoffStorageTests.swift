import Foundation
import TestSupport
import Testing

@testable import AASAACME

/// `backoff/<name>.json`: kept and read back, files of another version or name or with numbers
/// out of range ignored with a reason, times too far ahead brought back, and writers racing each
/// other (replicas) never leave a file a reader finds half-written.
@Suite("ACME storage: each name's backoff")
struct ACMEBackoffStorageTests {
  let day = Duration.seconds(86_400)

  @Test func keptAndReadBack() throws {
    let folder = try TemporaryDirectory(label: "backoff")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    #expect(storage.loadBackoff(name: "a.example.test", now: now, longestWait: day) == .none)
    let backoff = ACMEStorage.Backoff(
      name: "a.example.test", failures: 3, nextAttempt: now.addingTimeInterval(1800),
      lastError: "rejectedIdentifier")
    try storage.saveBackoff(backoff)
    #expect(
      storage.loadBackoff(name: "a.example.test", now: now, longestWait: day) == .stored(backoff))
    let attributes = try FileManager.default.attributesOfItem(
      atPath: folder.file("acme/backoff"))
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    storage.removeBackoff(name: "a.example.test")
    #expect(storage.loadBackoff(name: "a.example.test", now: now, longestWait: day) == .none)
  }

  @Test func unusableFilesAreIgnoredWithAReason() throws {
    let folder = try TemporaryDirectory(label: "backoff")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let path = folder.file("acme/backoff/a.example.test.json")
    let cases: [(String, String)] = [
      ("[1, 2", "not a JSON object"),
      (
        #"{"name":"a.example.test","failures":1,"nextAttempt":"2027-01-01T00:00:00Z"}"#,
        "no version"
      ),
      (#"{"version":2,"name":"a.example.test"}"#, "version 2, this server reads version 1"),
      (#"{"version":1,"name":"a.example.test","failures":1}"#, "not a backoff record"),
      (
        #"{"version":1,"name":"b.example.test","failures":1,"nextAttempt":"2027-01-01T00:00:00Z"}"#,
        "another name"
      ),
      (
        #"{"version":1,"name":"a.example.test","failures":-4,"nextAttempt":"2027-01-01T00:00:00Z"}"#,
        "failures must be"
      ),
      (
        #"{"version":1,"name":"a.example.test","failures":99999999,"nextAttempt":"2027-01-01T00:00:00Z"}"#,
        "failures must be"
      ),
    ]
    try FileManager.default.createDirectory(
      atPath: folder.file("acme/backoff"), withIntermediateDirectories: true)
    for (text, reason) in cases {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      guard
        case .unusable(let reported, let why) = storage.loadBackoff(
          name: "a.example.test", longestWait: day)
      else {
        Issue.record("\(text) was read")
        continue
      }
      #expect(reported == path)
      #expect(why.contains(reason), "\(text): \(why)")
    }
  }

  /// A time further ahead than the longest wait (a clock set wrong, an edit) is brought back.
  @Test func aTimeTooFarAheadIsBroughtBack() throws {
    let folder = try TemporaryDirectory(label: "backoff")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    try storage.saveBackoff(
      .init(name: "a.example.test", failures: 2, nextAttempt: now + day * 400))
    guard
      case .stored(let read) = storage.loadBackoff(
        name: "a.example.test", now: now, longestWait: day)
    else {
      Issue.record("not read")
      return
    }
    #expect(read.nextAttempt == now + day)
    #expect(read.failures == 2)
  }

  /// Two writers (replicas) and a reader on the same file: every read finds a whole record.
  @Test func racingWritersLeaveWholeFiles() async throws {
    let folder = try TemporaryDirectory(label: "backoff")
    let storage = ACMEStorage(directory: folder.file("acme"))
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    try storage.saveBackoff(.init(name: "r.example.test", failures: 1, nextAttempt: now))
    let rounds = 100
    let unusable = try await withThrowingTaskGroup(of: Int.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for round in 0..<rounds {
            try storage.saveBackoff(
              .init(
                name: "r.example.test", failures: 1 + (round % 7),
                nextAttempt: now.addingTimeInterval(Double(writer * 1000 + round)),
                lastError: String(repeating: "x", count: 100 * (round % 20))))
          }
          return 0
        }
      }
      group.addTask {
        var bad = 0
        for _ in 0..<(rounds * 2) {
          if case .stored = storage.loadBackoff(name: "r.example.test", now: now, longestWait: day)
          {
          } else {
            bad += 1
          }
        }
        return bad
      }
      return try await group.reduce(0, +)
    }
    #expect(unusable == 0)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.file("acme/backoff"))
    #expect(leftovers == ["r.example.test.json"], "temporary files left: \(leftovers)")
  }
}

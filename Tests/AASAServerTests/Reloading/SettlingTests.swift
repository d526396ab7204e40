import NIOCore
import Testing

@testable import AASAServer

@Suite("Settling: a change is taken once it has held still")
struct SettlingTests {
  private let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

  private func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

  /// What successive scans answer for one key, seen as each value at each second.
  private func taken(
    _ settling: inout Settling<String, Int>, _ key: String, _ sightings: [(Int, Int64)]
  ) -> [Bool] {
    sightings.map { settling.observe(key, as: $0.0, at: at($0.1)) }
  }

  @Test func aChangeIsTakenOnceSeenTheSameTheSettleTimeApart() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    let answers1 = taken(&settling, "a", [(1, 0), (1, 1)])
    #expect(answers1 == [false, false])
    #expect(settling.hasChanges)
    let answers2 = taken(&settling, "a", [(1, 2)])
    #expect(answers2 == [true])
    // Taken: forgotten, so the next sighting starts again.
    #expect(!settling.hasChanges)
    #expect(!settling.isWaiting)
    let answers3 = taken(&settling, "a", [(1, 3)])
    #expect(answers3 == [false])
  }

  @Test func aChangeThatKeepsChangingStartsAgain() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    let answers = taken(&settling, "a", [(1, 0), (2, 2), (2, 3), (2, 4)])
    #expect(answers == [false, false, false, true])
  }

  @Test func droppedChangesAreForgotten() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    _ = taken(&settling, "a", [(1, 0)])
    _ = taken(&settling, "b", [(1, 0)])
    settling.dropChange("a")
    settling.dropChanges(notIn: { $0 != "b" })
    #expect(!settling.hasChanges)
    let answers4 = taken(&settling, "a", [(1, 2)])
    #expect(answers4 == [false])
    let answers5 = taken(&settling, "b", [(1, 2)])
    #expect(answers5 == [false])
  }

  @Test func aKeyIsDroppedOnceGoneForTheSettleTime() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    var answers = [settling.missing("a", at: at(0))]
    let waiting = settling.isWaiting
    let changing = settling.hasChanges
    answers += [settling.missing("a", at: at(1)), settling.missing("a", at: at(2))]
    #expect(answers == [false, false, true])
    #expect(waiting && !changing)
    #expect(!settling.isWaiting)
  }

  /// A delete-then-write deploy: the file is back before the settle time, so it is not removed.
  @Test func aKeyThatComesBackIsNotDropped() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    var answers = [settling.missing("a", at: at(0))]
    settling.present("a")
    let waiting = settling.isWaiting
    answers += [settling.missing("a", at: at(2)), settling.missing("a", at: at(4))]
    #expect(!waiting)
    #expect(answers == [false, false, true])
  }
}

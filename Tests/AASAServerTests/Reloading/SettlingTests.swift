import NIOCore
import Testing

@testable import AASAServer

@Suite("Settling: a change is taken once it has held still")
struct SettlingTests {
  private let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

  private func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

  @Test func aChangeIsTakenOnceSeenTheSameTheSettleTimeApart() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    #expect(!settling.observe("a", as: 1, at: at(0)))
    #expect(settling.hasChanges)
    #expect(!settling.observe("a", as: 1, at: at(1)))
    #expect(settling.observe("a", as: 1, at: at(2)))
    // Taken: forgotten, so the next sighting starts again.
    #expect(!settling.hasChanges)
    #expect(!settling.isWaiting)
    #expect(!settling.observe("a", as: 1, at: at(3)))
  }

  @Test func aChangeThatKeepsChangingStartsAgain() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    #expect(!settling.observe("a", as: 1, at: at(0)))
    #expect(!settling.observe("a", as: 2, at: at(2)))
    #expect(!settling.observe("a", as: 2, at: at(3)))
    #expect(settling.observe("a", as: 2, at: at(4)))
  }

  @Test func droppedChangesAreForgotten() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    _ = settling.observe("a", as: 1, at: at(0))
    _ = settling.observe("b", as: 1, at: at(0))
    settling.dropChange("a")
    settling.dropChanges(notIn: { $0 != "b" })
    #expect(!settling.hasChanges)
    #expect(!settling.observe("a", as: 1, at: at(2)))
    #expect(!settling.observe("b", as: 1, at: at(2)))
  }

  @Test func aKeyIsDroppedOnceGoneForTheSettleTime() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    #expect(!settling.missing("a", at: at(0)))
    #expect(settling.isWaiting)
    #expect(!settling.hasChanges)
    #expect(!settling.missing("a", at: at(1)))
    #expect(settling.missing("a", at: at(2)))
    #expect(!settling.isWaiting)
  }

  /// A delete-then-write deploy: the file is back before the settle time, so it is not removed.
  @Test func aKeyThatComesBackIsNotDropped() {
    var settling = Settling<String, Int>(settleTime: .seconds(2))
    #expect(!settling.missing("a", at: at(0)))
    settling.present("a")
    #expect(!settling.isWaiting)
    #expect(!settling.missing("a", at: at(2)))
    #expect(settling.missing("a", at: at(4)))
  }
}

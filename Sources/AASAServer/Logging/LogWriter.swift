import AASACore
import AASAHosting
import Foundation
import Logging

/// Log lines on their way to standard output. Serving code only appends a line to a bounded
/// queue; one thread of its own does the writing, so a log reader that stalls (a full pipe, a
/// slow collector) never stalls the event loops. When the queue is full, lines are dropped and
/// counted; the count is written as a line of its own once output flows again.
public final class LogWriter: @unchecked Sendable {
  // @unchecked: every stored property but `descriptor` and `capacity` is only touched while
  // `condition` is locked.

  /// The writer behind every `LineLogHandler`.
  public static let standardOutput = LogWriter(descriptor: 1, capacity: 1 << 20)

  private let descriptor: Int32
  /// Bytes that may wait in the queue.
  private let capacity: Int
  private let condition = NSCondition()
  private var queue: [String] = []
  private var queuedBytes = 0
  private var dropped = 0
  private var droppedReported = 0
  private var writing = false
  private var thread: Thread?
  private var noticeFormat = LogFormat.text

  init(descriptor: Int32, capacity: Int) {
    self.descriptor = descriptor
    self.capacity = capacity
  }

  /// Lines dropped so far because the queue was full.
  public var droppedLines: Int { condition.withLock { dropped } }

  /// The format of the line that reports dropped lines.
  public func setNoticeFormat(_ format: LogFormat) {
    condition.withLock { noticeFormat = format }
  }

  /// Queues one line (with its line break). Never blocks for longer than taking a lock.
  func enqueue(_ line: String) {
    condition.lock()
    defer { condition.unlock() }
    let size = line.utf8.count
    guard queuedBytes + size <= capacity else {
      dropped += 1
      return
    }
    queue.append(line)
    queuedBytes += size
    if thread == nil {
      let thread = Thread { [self] in run() }
      thread.name = "aasa-serve log writer"
      thread.start()
      self.thread = thread
    }
    condition.signal()
  }

  /// Waits until every queued line is written, or `timeout` passes: before the process exits.
  public func flush(timeout: Duration) {
    let deadline = Date().addingTimeInterval(timeout.timeInterval)
    condition.lock()
    defer { condition.unlock() }
    while !queue.isEmpty || writing {
      if !condition.wait(until: deadline) { return }
    }
  }

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty { condition.wait() }
      var text = queue.joined()
      queue.removeAll(keepingCapacity: true)
      queuedBytes = 0
      if dropped > droppedReported {
        let count = dropped - droppedReported
        droppedReported = dropped
        let message = "dropped \(count) log line(s): standard output was not read fast enough"
        text +=
          LineLogHandler.line(
            .warning, message, ["dropped_lines": .stringConvertible(count)], noticeFormat)
          + "\n"
      }
      writing = true
      condition.unlock()
      writeAll(text)
      condition.lock()
      writing = false
      condition.broadcast()
      condition.unlock()
    }
  }

  /// Blocking `write(2)` calls until everything is out; this thread is the only one that waits.
  private func writeAll(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let rest = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset...]))
        guard let written = try? System.write(descriptor, rest), written > 0 else { return }
        offset += written
      }
    }
  }
}

import AASA
import Dispatch

/// Routes a stream of URLs for `--format tsv` on every core, chunk by chunk, and writes the lines
/// in input order.
///
/// The matcher is immutable and `Sendable`, so workers share it without locks. Each chunk of input
/// is cut into several slices per core, which the cores take one at a time: a core that finishes
/// early takes another slice instead of waiting for the others. Reading the next chunk is one more
/// such task, taken first, so reading overlaps routing. Each slice is routed into its own buffer,
/// and the buffers are written out in order.
struct ParallelTSVRouter {
  let matcher: Matcher
  /// With `--app`: that app's verdict instead of the site's routing.
  let app: String?
  let workers: Int

  /// Slices per core and chunk: enough that the cores finish a chunk at about the same time.
  static let slicesPerWorker = 8

  init(matcher: Matcher, app: String?) {
    self.matcher = matcher
    self.app = app
    self.workers = min(8, System.processorCount)
  }

  func run(_ urls: LintRun.URLSource, output: OutputSink) throws {
    switch urls {
    case .none:
      return
    case .list(let list):
      var bytes: [UInt8] = []
      var lines: [Range<Int>] = []
      for url in list {
        lines.append(bytes.count..<bytes.count + url.utf8.count)
        bytes.append(contentsOf: url.utf8)
      }
      route(bytes, lines, to: output, readingNext: nil)
    case .lines(let reader):
      defer { reader.close() }
      let upcoming = UpcomingChunk(reader.chunks())
      var current = try upcoming.read()
      while let chunk = current {
        route(chunk.bytes, chunk.lines, to: output, readingNext: upcoming)
        current = try upcoming.take()
      }
    }
  }

  /// Routes `lines` and writes their results; meanwhile, one task reads `upcoming`'s next chunk.
  private func route(
    _ bytes: [UInt8], _ lines: [Range<Int>], to output: OutputSink,
    readingNext upcoming: UpcomingChunk?
  ) {
    let slices = lines.count < 1_024 ? 1 : workers * Self.slicesPerWorker
    let sliceLength = (lines.count + slices - 1) / slices
    let results = SliceResults(count: slices)
    defer { results.deallocate() }
    // Task 0 reads ahead; tasks are handed out in order, so reading starts at once.
    DispatchQueue.concurrentPerform(iterations: slices + 1) { task in
      guard task > 0 else {
        upcoming?.readAhead()
        return
      }
      let slice = task - 1
      let mine = lines[
        min(lines.count, slice * sliceLength)..<min(lines.count, (slice + 1) * sliceLength)]
      var out: [UInt8] = []
      out.reserveCapacity(mine.count * 64)
      for range in mine { write(bytes[range], into: &out) }
      results.store(out, at: slice)
    }
    for slice in 0..<slices { output.write(bytes: results.load(at: slice)) }
  }

  /// One line: `input<TAB>app or -<TAB>verdict`.
  private func write(_ line: ArraySlice<UInt8>, into bytes: inout [UInt8]) {
    let input = URLInput(String(decoding: line, as: UTF8.self))
    let routedApp: String?
    let kind: Verdict.Kind
    if let app {
      kind = matcher.verdict(for: input, app: app, explain: false)?.kind ?? .none
      routedApp = kind == .match ? app : nil
    } else {
      (routedApp, kind) = matcher.firstMatch(input)
    }
    bytes.append(contentsOf: line)
    bytes.append(UInt8(ascii: "\t"))
    bytes.append(contentsOf: (routedApp ?? "-").utf8)
    bytes.append(UInt8(ascii: "\t"))
    bytes.append(contentsOf: kind.rawValue.utf8)
    bytes.append(UInt8(ascii: "\n"))
  }
}

/// One output buffer per worker. Each worker writes only its own slot, and the slots are read
/// after `concurrentPerform` returns, so no two threads ever touch the same memory.
private struct SliceResults: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<[UInt8]>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: [], count: count)
  }

  func store(_ bytes: [UInt8], at index: Int) { slots[index] = bytes }

  func load(at index: Int) -> [UInt8] { slots[index] }

  func deallocate() {
    slots.deinitialize(count: count)
    slots.deallocate()
  }
}

/// The next chunk of input, read by one of the routing tasks while the others route the current
/// chunk. Only that task touches it until `concurrentPerform` returns, and only the calling thread
/// after, so no two threads ever use it at once.
private final class UpcomingChunk: @unchecked Sendable {
  private var chunks: LineReader.Chunks
  private var result: Result<LineReader.Chunks.Chunk?, any Error> = .success(nil)

  init(_ chunks: LineReader.Chunks) {
    self.chunks = chunks
  }

  /// Reads the next chunk now, on the calling thread.
  func read() throws -> LineReader.Chunks.Chunk? {
    try chunks.next()
  }

  /// Reads the next chunk and keeps it, or the error, for ``take()``.
  func readAhead() {
    result = Result { try chunks.next() }
  }

  /// The chunk ``readAhead()`` read; throws what reading threw.
  func take() throws -> LineReader.Chunks.Chunk? {
    defer { result = .success(nil) }
    return try result.get()
  }
}

import Dispatch

/// Answers a stream of lines (URLs, deep links) on every core, chunk by chunk, and writes the
/// answers in input order: the engine of every `--format tsv` stream.
///
/// What answers a line (a matcher, a router) is immutable and `Sendable`, so workers share it
/// without locks. Each chunk of input is cut into several slices per core, which the cores take
/// one at a time: a core that finishes early takes another slice instead of waiting for the
/// others. Reading the next chunk is one more such task, taken first, so reading overlaps routing.
/// Each slice is answered into its own buffer, and the buffers are written out in order.
///
/// A slice is answered with a `Worker` (what answers lines, such as a matcher) that no other core
/// uses meanwhile: workers wait in a ``WorkerPool`` between slices, and a core that finds none
/// makes one from the first (``Matcher/replica()`` says why that pays).
struct ParallelLineRouter<Note: Sendable, Worker: Sendable> {
  /// Writes one line's answer, found with `worker`, into `output`, and any note about it into
  /// `notes`. The line's bytes are borrowed for the call: a slice of the chunk's array would count
  /// a reference to the chunk per line, an atomic write to memory every core shares.
  typealias Answer =
    @Sendable (
      _ line: UnsafeBufferPointer<UInt8>, _ worker: inout Worker, _ output: inout [UInt8],
      _ notes: inout [Note]
    ) -> Void

  let answer: Answer
  let workers: Int
  /// The first worker; the others are made from it.
  private let worker: Worker
  private let replicate: @Sendable (Worker) -> Worker

  init(
    worker: Worker, replicate: @escaping @Sendable (Worker) -> Worker,
    answer: @escaping Answer
  ) {
    self.worker = worker
    self.replicate = replicate
    self.answer = answer
    self.workers = min(8, System.processorCount)
  }

  /// Slices per core and chunk: enough that the cores finish a chunk at about the same time.
  private var slicesPerWorker: Int { 32 }

  /// Answers every line, writing the answers to `output`; `notes` receives each chunk's notes in
  /// input order.
  func run(
    _ urls: URLSource, output: OutputSink, notes: ([Note]) -> Void = { _ in }
  ) throws {
    let pool = WorkerPool(first: worker, replicate: replicate)
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
      notes(route(bytes, lines, to: output, with: pool, readingNext: nil))
    case .lines(let reader):
      defer { reader.close() }
      let upcoming = UpcomingChunk(reader.chunks())
      var current = try upcoming.read()
      while let chunk = current {
        notes(route(chunk.bytes, chunk.lines, to: output, with: pool, readingNext: upcoming))
        current = try upcoming.take()
      }
    }
  }

  /// Answers `lines` and writes the answers; meanwhile, one task reads `upcoming`'s next chunk.
  private func route(
    _ bytes: [UInt8], _ lines: [Range<Int>], to output: OutputSink, with pool: WorkerPool<Worker>,
    readingNext upcoming: UpcomingChunk?
  ) -> [Note] {
    let slices = lines.count < 1_024 ? 1 : workers * slicesPerWorker
    let sliceLength = (lines.count + slices - 1) / slices
    let results = SliceResults<Note>(count: slices)
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
      var notes: [Note] = []
      var worker = pool.take()
      bytes.withUnsafeBufferPointer { bytes in
        for range in mine {
          answer(UnsafeBufferPointer(rebasing: bytes[range]), &worker, &out, &notes)
        }
      }
      pool.give(back: worker)
      results.store(out, notes, at: slice)
    }
    var notes: [Note] = []
    for slice in 0..<slices {
      let (out, found) = results.load(at: slice)
      output.write(bytes: out)
      notes += found
    }
    return notes
  }
}

extension ParallelLineRouter where Worker == Void {
  /// Answers lines with nothing per core: what answers them is shared as it is.
  init(
    answer:
      @escaping @Sendable (
        _ line: UnsafeBufferPointer<UInt8>, _ output: inout [UInt8], _ notes: inout [Note]
      ) -> Void
  ) {
    self.init(worker: (), replicate: { _ in () }) { line, _, output, notes in
      answer(line, &output, &notes)
    }
  }
}

/// One output buffer per slice. Each task writes only its own slot, and the slots are read after
/// `concurrentPerform` returns, so no two threads ever touch the same memory.
private struct SliceResults<Note>: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<([UInt8], [Note])>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: ([], []), count: count)
  }

  func store(_ bytes: [UInt8], _ notes: [Note], at index: Int) { slots[index] = (bytes, notes) }

  func load(at index: Int) -> ([UInt8], [Note]) { slots[index] }

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

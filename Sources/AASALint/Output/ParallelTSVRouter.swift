import AASA
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Routes a stream of URLs for `--format tsv` on every core, batch by batch, and writes the lines
/// in input order.
///
/// The matcher is immutable and `Sendable`, so workers share it without locks; each worker writes
/// its slice of a batch into its own buffer, and the buffers are written out in order.
struct ParallelTSVRouter {
  let matcher: Matcher
  /// With `--app`: that app's verdict instead of the site's routing.
  let app: String?
  let workers: Int

  /// Large enough to keep the workers busy between synchronisations, small enough to stream.
  static let batchSize = 16_384

  init(matcher: Matcher, app: String?) {
    self.matcher = matcher
    self.app = app
    self.workers = max(1, min(8, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
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
      route(bytes, lines, to: output)
    case .lines(let reader):
      // The reading thread only finds line ends; decoding and routing happen on the workers.
      try reader.forEachChunk { bytes, lines in
        var start = 0
        while start < lines.count {
          let end = min(lines.count, start + Self.batchSize)
          route(bytes, lines[start..<end], to: output)
          start = end
        }
      }
    }
  }

  private func route(_ bytes: [UInt8], _ lines: some Collection<Range<Int>>, to output: OutputSink)
  {
    let lines = Array(lines)
    guard !lines.isEmpty else { return }
    let slices = lines.count < 1_024 ? 1 : workers
    let sliceLength = (lines.count + slices - 1) / slices
    let results = SliceResults(count: slices)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
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

import AASARoutes
import Dispatch

/// Streams `--format tsv` for a route config: `input<TAB>route<TAB>via` per link, in input order,
/// routed on every core chunk by chunk (the router is immutable and `Sendable`).
///
/// Without a platform, each link is routed for iOS (the answer written) and Android; links Android
/// routes elsewhere are reported on standard error (the first hundred, then a count).
struct RouteTSVRouter {
  let router: Router
  let platform: Platform?
  let workers: Int

  static let slicesPerWorker = 8
  static let listedDifferences = 100

  init(router: Router, platform: Platform?) {
    self.router = router
    self.platform = platform
    self.workers = min(8, System.processorCount)
  }

  /// Routes every link and writes its line; returns how many links the platforms disagree on.
  func run(_ urls: LintRun.URLSource, output: OutputSink) throws -> Int {
    var differences: [String] = []
    var differenceCount = 0
    let record = { (found: [String]) in
      differenceCount += found.count
      for line in found where differences.count < Self.listedDifferences {
        differences.append(line)
      }
    }
    switch urls {
    case .none:
      break
    case .list(let list):
      var bytes: [UInt8] = []
      var lines: [Range<Int>] = []
      for url in list {
        lines.append(bytes.count..<bytes.count + url.utf8.count)
        bytes.append(contentsOf: url.utf8)
      }
      record(route(bytes, lines, to: output))
    case .lines(let reader):
      try reader.forEachChunk { bytes, lines in record(route(bytes, lines, to: output)) }
    }
    if differenceCount > 0 {
      output.flush()
      let errors = OutputSink.standardError()
      for line in differences { errors.line("aasa-lint: warning: " + line) }
      if differenceCount > differences.count {
        errors.line(
          "aasa-lint: warning: \(differenceCount - differences.count) more links route differently on iOS and Android"
        )
      }
      errors.flush()
    }
    return differenceCount
  }

  /// Routes one chunk's lines on every core and writes them in order; returns the differences.
  private func route(_ bytes: [UInt8], _ lines: [Range<Int>], to output: OutputSink) -> [String] {
    let slices = lines.count < 1_024 ? 1 : workers * Self.slicesPerWorker
    let sliceLength = (lines.count + slices - 1) / slices
    let results = RouteSlices(count: slices)
    defer { results.deallocate() }
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
      let mine = lines[
        min(lines.count, slice * sliceLength)..<min(lines.count, (slice + 1) * sliceLength)]
      var out: [UInt8] = []
      out.reserveCapacity(mine.count * 48)
      var differences: [String] = []
      for range in mine {
        let input = String(decoding: bytes[range], as: UTF8.self)
        let answer = router.route(input, on: platform ?? .ios, explain: false)
        if platform == nil {
          let android = router.route(input, on: .android, explain: false)
          if !android.agrees(with: answer) {
            differences.append(RouteConfigRun.difference(ios: answer, android: android))
          }
        }
        let name = answer.routeName
        let via = answer.via
        out.append(contentsOf: bytes[range])
        out.append(UInt8(ascii: "\t"))
        out.append(contentsOf: (name ?? "-").utf8)
        out.append(UInt8(ascii: "\t"))
        out.append(contentsOf: via.rawValue.utf8)
        out.append(UInt8(ascii: "\n"))
      }
      results.store(out, differences, at: slice)
    }
    var differences: [String] = []
    for slice in 0..<slices {
      let (out, found) = results.load(at: slice)
      output.write(bytes: out)
      differences += found
    }
    return differences
  }
}

/// One output buffer per slice. Each task writes only its own slot, and the slots are read after
/// `concurrentPerform` returns, so no two threads ever touch the same memory.
private struct RouteSlices: @unchecked Sendable {
  private let slots: UnsafeMutablePointer<([UInt8], [String])>
  private let count: Int

  init(count: Int) {
    self.count = count
    slots = .allocate(capacity: count)
    slots.initialize(repeating: ([], []), count: count)
  }

  func store(_ bytes: [UInt8], _ differences: [String], at index: Int) {
    slots[index] = (bytes, differences)
  }

  func load(at index: Int) -> ([UInt8], [String]) { slots[index] }

  func deallocate() {
    slots.deinitialize(count: count)
    slots.deallocate()
  }
}

import AASACore
import AASARoutes

/// Streams `--format tsv` for a route config: `input<TAB>route<TAB>via` per link, in input order,
/// routed on every core chunk by chunk (``ParallelLineRouter``).
///
/// Without a platform, each link is routed for iOS (the answer written) and Android; links Android
/// routes elsewhere are reported on standard error (the first hundred, then a count).
struct RouteConfigTSVRouter {
  let router: Router
  let platform: Platform?

  static let listedDifferences = 100

  /// Routes every link and writes its line; returns how many links the platforms disagree on.
  func run(_ urls: URLSource, output: OutputSink, errors: OutputSink) throws -> Int {
    let router = router
    let platform = platform
    let lines = ParallelLineRouter<String, Void> { line, bytes, differences in
      let input = String(decoding: line, as: UTF8.self)
      let answer = router.route(input, on: platform ?? .ios, explain: false)
      if platform == nil {
        let android = router.route(input, on: .android, explain: false)
        if !android.agrees(with: answer) {
          differences.append(RouteConfigRoutingReport.difference(ios: answer, android: android))
        }
      }
      bytes.appendEscapingControls(line)
      bytes.append(UInt8(ascii: "\t"))
      bytes.appendEscapingControls((answer.routeName ?? "-").utf8)
      bytes.append(UInt8(ascii: "\t"))
      bytes.append(contentsOf: answer.via.rawValue.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    var differences: [String] = []
    var differenceCount = 0
    try lines.run(urls, output: output) { found in
      differenceCount += found.count
      for line in found where differences.count < Self.listedDifferences {
        differences.append(line)
      }
    }
    if differenceCount > 0 {
      output.flush()
      for line in differences {
        errors.line("aasa-lint: warning: " + line.escapingControlCharacters)
      }
      if differenceCount > differences.count {
        errors.line(
          "aasa-lint: warning: \(differenceCount - differences.count) more links route differently on iOS and Android"
        )
      }
      errors.flush()
    }
    return differenceCount
  }
}

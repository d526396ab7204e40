import AASAAndroid
import AASACore

/// Streams `--format tsv` for an assetlinks.json: `input<TAB>package or -<TAB>verdict` per URL,
/// in input order, on every core (``ParallelLineRouter``).
struct AssetLinksTSVRouter {
  let router: AndroidRouter
  let app: String?

  func run(_ urls: URLSource, output: OutputSink) throws {
    let router = router
    let app = app
    let lineRouter = ParallelLineRouter<Never, Void> { line, bytes, _ in
      let routing = router.route(String(decoding: line, as: UTF8.self), app: app, explain: false)
      let (kind, verdict) = AndroidExpectation.outcome(of: routing, app: app)
      bytes.appendEscapingControls(line)
      bytes.append(UInt8(ascii: "\t"))
      bytes.appendEscapingControls((kind == .none && app == nil ? "-" : verdict?.app ?? "-").utf8)
      bytes.append(UInt8(ascii: "\t"))
      bytes.append(contentsOf: kind.rawValue.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    try lineRouter.run(urls, output: output)
  }
}

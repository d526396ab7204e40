import AASA

/// Streams `--format tsv` for an association file: `input<TAB>app or -<TAB>verdict` per URL, in
/// input order, on every core (``ParallelLineRouter``).
struct ParallelTSVRouter {
  let matcher: Matcher
  /// With `--app`: that app's verdict instead of the site's routing.
  let app: String?

  func run(_ urls: LintRun.URLSource, output: OutputSink) throws {
    let matcher = matcher
    let app = app
    let router = ParallelLineRouter<Never> { line, bytes, _ in
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
    try router.run(urls, output: output)
  }
}

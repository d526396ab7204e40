import AASA
import AASACore

/// Streams `--format tsv` for an association file: `input<TAB>app or -<TAB>verdict` per URL, in
/// input order, on every core (``ParallelLineRouter``).
struct AssociationTSVRouter {
  let matcher: Matcher
  /// With `--app`: that app's verdict instead of the site's routing.
  let app: String?

  func run(_ urls: URLSource, output: OutputSink) throws {
    let app = app
    // Each core routes with its own replica of the matcher (see ``Matcher/replica()``).
    let router = ParallelLineRouter<Never, Matcher>(
      worker: matcher, replicate: { $0.replica() }
    ) { line, matcher, bytes, _ in
      let routedApp: String?
      let kind: Verdict.Kind
      var plain = false
      if let app {
        let input = URLInput(String(decoding: line, as: UTF8.self))
        kind = matcher.verdict(for: input, app: app, explain: false)?.kind ?? .none
        routedApp = kind == .match ? app : nil
      } else if let line = PlainPathLine(line) {
        (routedApp, kind) = matcher.firstMatch(line)
        plain = true
      } else {
        (routedApp, kind) = matcher.firstMatch(URLInput(String(decoding: line, as: UTF8.self)))
      }
      // A plain line has nothing to escape: it was checked byte by byte already.
      if plain { bytes.append(contentsOf: line) } else { bytes.appendEscapingControls(line) }
      bytes.append(UInt8(ascii: "\t"))
      bytes.appendEscapingControls((routedApp ?? "-").utf8)
      bytes.append(UInt8(ascii: "\t"))
      bytes.append(contentsOf: kind.rawValue.utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    try router.run(urls, output: output)
  }
}

extension [UInt8] {
  /// Appends input text to a TSV line with its control characters (tabs and line breaks among
  /// them, which would break the columns) escaped; bytes that need none are copied as they are.
  mutating func appendEscapingControls(_ text: some Collection<UInt8>) {
    if ControlCharacterEscaping.mayNeedEscaping(text) {
      append(contentsOf: String(decoding: text, as: UTF8.self).escapingControlCharacters.utf8)
    } else {
      append(contentsOf: text)
    }
  }
}

import AASA

/// `--format tsv`: one line per URL, `input<TAB>app or -<TAB>verdict`, written as each URL is
/// routed so that any number of URLs streams through.
public enum TSVRouteWriter {
  /// The verdict of a routing as a whole: `match` when an app opens it, else `blocked` when an
  /// app's exclusion decided, else `none`.
  public static func summaryKind(_ routing: Routing) -> Verdict.Kind {
    if routing.app != nil { return .match }
    return routing.verdicts.contains(where: { $0.kind == .blocked }) ? .blocked : .none
  }

  public static func write(input: Substring, app: String?, kind: Verdict.Kind, to sink: OutputSink) {
    var line = String(input)
    line += "\t"
    line += app ?? "-"
    line += "\t"
    line += kind.rawValue
    sink.line(line)
  }
}

import AASA

/// `--format tsv`: one line per URL, `input<TAB>app or -<TAB>verdict`, written as each URL is
/// routed so that any number of URLs streams through. The verdict is `match` when an app opens the
/// URL, else `blocked` when an app's exclusion decided, else `none`.
public enum TSVRouteWriter {
  public static func write(input: Substring, app: String?, kind: Verdict.Kind, to sink: OutputSink)
  {
    sink.write(input)
    sink.write("\t")
    sink.write(app ?? "-")
    sink.write("\t")
    sink.line(kind.rawValue)
  }
}

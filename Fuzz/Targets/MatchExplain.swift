// match-explain: lint an association file, build a matcher, route URLs three ways.
//
// Input: the file, then optionally a NUL byte and URL lines (a path or a full URL each; a line
// `@host` sets the site's domain for the lines after it). Without a NUL, a fixed set of URLs is
// routed. Checks: the explaining and the fast routing agree on every verdict but the near miss;
// `firstMatch` agrees with `route` on the app and the kind; `verdict(for:app:)` agrees with the
// app's verdicts in `route`; a deciding rule or a near miss belongs to the verdict's entry.

import AASACore
import AASAWellKnown

@testable import AASA

private let defaultURLs = [
  "/", "/a", "/albums/1", "/videos/samples/2010/x", "/shop/books/1?ref=mail#top",
  "https://example.com/a/b?x=1&y=2#f", "https://other.example/a", "/%E2%82%AC/%2F?q=%41#%23",
  "/EN/gb/", "//a//b/", "/a?b", "/#", "",
]

private let maximumURLs = 64
/// Routing costs (candidate rules) × (URL length), by nature: thousands of wildcard rules and a URL
/// of many kilobytes take seconds without being a bug, so URLs are cut to this many bytes.
private let maximumURLBytes = 1_024

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatchExplain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (file, lines) = splitAtFirstNUL(bytes)
  let report = WellKnownLinter(kind: .appleAppSiteAssociation).lint(file)
  checkReport(report, of: file)
  guard let association = report.association else { return 0 }
  var matcher = Matcher(association)
  for line in (lines ?? defaultURLs).prefix(maximumURLs) {
    if line.hasPrefix("@") {
      matcher = Matcher(association, domain: String(line.dropFirst()))
      continue
    }
    check(matcher, URLInput(String(decoding: line.utf8.prefix(maximumURLBytes), as: UTF8.self)))
  }
  return 0
}

private func check(_ matcher: Matcher, _ input: URLInput) {
  let explained = matcher.route(input, explain: true)
  let fast = matcher.route(input, explain: false)
  let url = input.text.prefix(200)
  require(
    explained.verdicts.count == fast.verdicts.count,
    "route(explain:) counts \(explained.verdicts.count) and \(fast.verdicts.count) verdicts for \(url)"
  )
  require(explained.foreignHost == fast.foreignHost, "foreign host differs for \(url)")
  for (slow, quick) in zip(explained.verdicts, fast.verdicts) {
    require(
      slow.app == quick.app && slow.kind == quick.kind && slow.detail == quick.detail
        && slow.decidingRule == quick.decidingRule,
      "explaining \(slow.kind) \(slow.decidingRule?.name ?? "-") vs fast \(quick.kind) \(quick.decidingRule?.name ?? "-") for \(slow.app) on \(url)"
    )
    require(quick.closest == nil, "the fast route explained a near miss")
    require(
      (slow.kind == .none) == (slow.decidingRule == nil), "\(slow.kind) with deciding rule mismatch"
    )
    if let rule = slow.decidingRule {
      require(
        rule.detail == slow.detail,
        "deciding rule from entry \(rule.detail), verdict \(slow.detail)")
    }
    if let closest = slow.closest {
      require(slow.kind == .none, "a near miss on a \(slow.kind) verdict")
      require(
        closest.rule.detail == slow.detail,
        "near miss from entry \(closest.rule.detail), verdict \(slow.detail)")
    }
  }
  let first = matcher.firstMatch(input)
  let expectedKind: Verdict.Kind =
    explained.app != nil
    ? .match : explained.verdicts.contains { $0.kind == .blocked } ? .blocked : .none
  require(
    first.app == explained.app && first.kind == expectedKind,
    "firstMatch says \(first.app ?? "nil") \(first.kind), route says \(explained.app ?? "nil") \(expectedKind) for \(url)"
  )
  var checked: Set<String> = []
  for verdict in explained.verdicts where checked.insert(verdict.app).inserted {
    let own = explained.verdicts.filter { $0.app == verdict.app }
    let expected = own.first { $0.kind != .none } ?? own[0]
    let single = matcher.verdict(for: input, app: verdict.app, explain: true)
    require(
      single == expected,
      "verdict(for: \(verdict.app)) is \(single.map { "\($0.kind) \($0.decidingRule?.name ?? "-")" } ?? "nil"), route says \(expected.kind) \(expected.decidingRule?.name ?? "-") on \(url)"
    )
    let quick = matcher.verdict(for: input, app: verdict.app, explain: false)
    require(
      quick?.kind == expected.kind && quick?.decidingRule == expected.decidingRule,
      "verdict(for:explain: false) differs for \(verdict.app) on \(url)")
  }
}

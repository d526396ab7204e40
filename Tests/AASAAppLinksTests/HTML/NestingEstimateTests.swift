import AASACore
import TestSupport
import Testing

@testable import AASAAppLinks

/// The guard before gumbo (security review S4-4, docs/applinks.md "How a page is read"): pages nested past
/// the limit are refused whatever hides the nesting, markup that makes the parser slow is refused
/// before it runs, and markup on which gumbo aborts never reaches it.
@Suite("The nesting estimate and the parser's bounds")
struct NestingEstimateTests {
  static let depth = 5_000
  static let divs = String(repeating: "<div>", count: depth)
  static let groups = String(repeating: "<g>", count: depth)

  /// Pages whose nesting the old estimate did not see, each nested 5,000 deep in gumbo.
  static let hiddenNesting: [(String, String)] = [
    ("<!--> ends a comment", "<!-->" + divs + "-->"),
    ("<!---> ends a comment", "<!--->" + divs + "-->"),
    ("--!> ends a comment", "<!-- x --!>" + divs + "-->"),
    ("an SVG title is not raw text", "<svg><title>" + groups + "</title></svg>"),
    ("an SVG style is not raw text", "<svg><style>" + groups + "</style></svg>"),
    ("li and dd nest through each other", String(repeating: "<li><dd>", count: depth / 2)),
    ("optgroup nests outside a select", String(repeating: "<optgroup>", count: depth)),
    ("rt nests outside a ruby", String(repeating: "<rt>", count: depth)),
    ("void names nest in SVG", "<svg>" + String(repeating: "<input>", count: depth)),
    ("a table adds a body, a row and a cell", String(repeating: "<table><td>", count: depth / 4)),
    (
      "a select ignores a style, so it is no raw text",
      "<select><style></select>" + divs + "</style>"
    ),
  ]

  @Test("hidden nesting is refused with AL011, through the linter", arguments: hiddenNesting)
  func hiddenNestingIsRefused(name: String, html: String) {
    let reading = PageFixtures.read(html)
    guard case .nestedTooDeep(let estimate) = reading.scan.refusal else {
      Issue.record("\(name): not refused as too deep: \(String(describing: reading.scan.refusal))")
      return
    }
    #expect(estimate > HTMLReader.maximumNesting)
    #expect(AppLinksLinter.lint(reading).map(\.code) == [.AppLinks.pageNotRead])
  }

  @Test("comments, raw text and CDATA end where HTML5 ends them, so what follows counts")
  func tokenizing() {
    let after = String(repeating: "<div>", count: 10)
    let cases = [
      "<!-->", "<!--->", "<!-- a -- b --!>", "<!-- a --->", "<!DOCTYPE html>", "<!x>", "<?x>",
      "</ x>", "<title></title >", "<textarea></textarea/>", "<style></STYLE>",
      "<script><!--</script>", "<script><!--<script></script>--></script>", "<xmp></xmp>",
      "<svg><![CDATA[<p>]]></svg>", "<p title='>'>", "<p a=\"</p>\">",
    ]
    for prefix in cases {
      let estimate = NestingEstimate.estimate(Array((prefix + after).utf8))
      #expect(estimate.depth >= 10, "\(prefix): \(estimate.depth)")
    }
    // What does hide markup: a comment to its end, raw text to its end tag, CDATA in foreign
    // content, `<plaintext>` to the end of the page.
    for hiding in [
      "<!-- " + after + " -->", "<title>" + after + "</title>", "<script>" + after + "</script>",
      "<svg><![CDATA[" + after + "]]></svg>", "<plaintext>" + after,
      "<script><!--<script></script>" + after + "</script>",
    ] {
      #expect(NestingEstimate.estimate(Array(hiding.utf8)).depth <= 1, "\(hiding)")
    }
  }

  @Test("closed and implied elements leave the count: honest pages estimate what gumbo builds")
  func honestPages() {
    let item =
      "<div class=\"item\"><h2><a href=\"/x\">Title</a></h2><p>Text <b>bold</b> <i>it</i>.</p><ul><li>one<li>two</ul><table><tr><td>1<td>2<tr><td>3</table><select><option>a<option>b</select><img src=x><br></div>"
    let page =
      "<!doctype html><html><head><title>x</title></head><body><main>"
      + String(repeating: item, count: 5_000) + "</main></body></html>"
    let estimate = NestingEstimate.estimate(Array(page.utf8))
    #expect(estimate.depth <= 8)
    #expect(estimate.work < HTMLReader.maximumWork / 10)
    // Sloppy markup: unclosed paragraphs, fonts and cells.
    let sloppy =
      "<table><tr><td>"
      + String(
        repeating: "<p><font face=arial>Some <b>text<p><font face=arial>more<td>cell", count: 5_000)
    #expect(NestingEstimate.estimate(Array(sloppy.utf8)).depth <= 12)
  }

  @Test("formatting elements Noah's Ark drops from the list still count (fuzz finding N1)")
  func noahsArkClonesStayOnTheStack() {
    // applinks-depth, minimized: in quirks mode the table stays inside the paragraph, its text
    // reconstructs five formatting elements, and later `<b id=1>`s make Noah's Ark drop clones
    // that are still open. Gumbo nests 17 elements (html and body among them).
    let html =
      "<p><b id=1><i><i><b id=1><i><p><table>><p><b id=1><i><b id=1><i><p><b id=1><i><p><t><u>"
    #expect(NestingEstimate.estimate(Array(html.utf8)).depth + 3 >= 17)
  }

  @Test("4,000 deep then a million cheap tags: refused for its work, in milliseconds")
  func deepThenMany() {
    let page =
      String(repeating: "<div>", count: 3_990) + String(repeating: "</p>", count: 1_000_000)
    let clock = ContinuousClock()
    var scan = HTMLScan()
    let elapsed = clock.measure { scan = HTMLReader.read(Array(page.utf8)) }
    guard case .tooMuchWork(let work) = scan.refusal else {
      Issue.record("not refused for its work: \(String(describing: scan.refusal))")
      return
    }
    #expect(work > HTMLReader.maximumWork)
    // The work bound is the test (the count above); the time only guards against a blow-up:
    // without that bound, a million tags each closed against 4,000 open elements is billions of
    // steps.
    #expect(elapsed < BlowUpBound.limit)
    let reading = AppLinkParser.read(Array(page.utf8), sourceURL: nil)
    #expect(AppLinksLinter.lint(reading).map(\.code) == [.AppLinks.pageNotRead])
  }

  @Test("a tag of 100,000 attributes is refused for its work (gumbo compares them pairwise)")
  func manyAttributes() {
    var tag = "<div"
    for index in 0..<100_000 { tag += " a\(index)" }
    let scan = HTMLReader.read(Array((tag + ">").utf8))
    guard case .tooMuchWork = scan.refusal else {
      Issue.record("not refused for its work: \(String(describing: scan.refusal))")
      return
    }
  }

  @Test(
    "markup on which gumbo aborts is refused before it is parsed",
    arguments: [
      "<table><svg><foreignObject><![CDATA[x]]>x",
      "<table><svg><title><![CDATA[</p>]]></td>--!>",
      "<table><math><select><mo><select><tfoot>",
      "<frameset><svg><desc><![CDATA[x]]>",
    ])
  func parserAborts(html: String) throws {
    // Checked on the estimate first: a missed case would abort the test process in gumbo.
    try #require(NestingEstimate.estimate(Array(html.utf8)).crashesParser)
    let reading = PageFixtures.read(html)
    #expect(reading.scan.refusal == .crashesParser)
    #expect(AppLinksLinter.lint(reading).map(\.code) == [.AppLinks.pageNotRead])
  }

  @Test("a parse past its CPU-time budget is stopped, and the page refused")
  func parseBudget() {
    let item = "<div><p>Some <b>text</b> <a href=x>link</a></p><ul><li>a<li>b</ul></div>"
    let page = Array(String(repeating: item, count: 20_000).utf8)
    #expect(HTMLReader.read(page).refusal == nil)
    #expect(HTMLReader.read(page, parseBudget: 0.000_001).refusal == .parseStopped(outOfTime: true))
  }
}

import AASACore
import Foundation
import TestSupport
import Testing

@testable import AASAAppLinks

/// The check of the fuzz target `applinks-depth`, in every test run: the nesting model is an
/// upper bound of gumbo's tree on pages made of the markup its rules are about (formatting
/// elements reconstructed and adopted, tables and their implied parts, selects, foreign content
/// and its integration points, templates, comments, raw text). The fuzz campaign explores far
/// more; this keeps every change to the model checked against the real parser without one.
@Suite struct NestingModelDifferentialTests {
  /// The pieces pages are made of: every start and end tag the model has a rule for, and text.
  static let pieces = [
    "<div>", "</div>", "<p>", "</p>", "<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>",
    "<nobr>", "</nobr>", "<font color=red>", "</font>", "<table>", "</table>", "<tr>", "</tr>",
    "<td>", "</td>", "<th>", "</th>", "<caption>", "</caption>", "<tbody>", "</tbody>",
    "<thead>", "<tfoot>", "<colgroup>", "</colgroup>", "<col>", "<select>", "</select>",
    "<option>", "</option>", "<optgroup>", "<li>", "</li>", "<dd>", "<dt>", "<ul>", "</ul>",
    "<ol>", "<svg>", "</svg>", "<math>", "</math>", "<mi>", "<mtext>", "<foreignObject>",
    "</foreignObject>", "<desc>", "<title>", "</title>", "<style>x</style>",
    "<script>x</script>", "<template>", "</template>", "<!-- c -->", "<!--", "-->",
    "<![CDATA[x]]>", "x", " ", "<br>", "</br>", "<form>", "</form>", "<button>", "</button>",
    "<h1>", "</h1>", "<h2>", "<marquee>", "</marquee>", "<object>", "</object>", "<applet>",
    "<textarea>x</textarea>", "<annotation-xml encoding=text/html>", "</annotation-xml>",
    "<noscript>", "</noscript>", "<iframe>x</iframe>", "<xmp>x</xmp>", "<rt>", "<ruby>",
    "</ruby>", "<html>", "<body>", "</body>", "<head>", "</head>", "<custom-el>",
    "</custom-el>", "<input>", "<image>", "<g>", "</g>", "<span>", "</span>", "<em>", "</em>",
    "<code>", "<pre>", "</pre>", "<listing>", "<hr>", "<img>", "<frameset>", "<frame>",
  ]

  /// A page of `count` pieces from `generator`; a run of the same piece now and then, since
  /// nesting grows from repetition.
  static func page(_ count: Int, _ generator: inout some RandomNumberGenerator) -> [UInt8] {
    var text = ""
    while text.utf8.count < count * 6 {
      let piece = pieces.randomElement(using: &generator) ?? "x"
      let repeats =
        Int.random(in: 0..<8, using: &generator) == 0
        ? Int.random(in: 2...40, using: &generator) : 1
      text += String(repeating: piece, count: repeats)
    }
    return Array(text.utf8)
  }

  @Test func theModelNeverHoldsFewerElementsThanGumbosTree() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SeededRandom(seed: seed)
    var pages = try Self.examplePages()
    for _ in 0..<1_500 {
      pages.append(Self.page(Int.random(in: 4...160, using: &generator), &generator))
    }
    var parsed = 0
    for bytes in pages {
      let estimate = NestingEstimate.estimate(bytes)
      guard estimate.depth <= HTMLReader.maximumNesting, estimate.work <= HTMLReader.maximumWork,
        !estimate.crashesParser
      else { continue }
      let depth = try #require(GumboTreeDepth.parse(bytes), "gumbo did not finish (seed \(seed))")
      parsed += 1
      #expect(
        depth <= estimate.depth + 3,
        "gumbo nests \(depth) deep, the model \(estimate.depth) (seed \(seed)): \(String(decoding: bytes, as: UTF8.self))"
      )
    }
    // Most pages are parsed: the check is not skipped by the estimate's own flags.
    #expect(parsed > pages.count / 2, "only \(parsed) of \(pages.count) pages were parsed")
  }

  /// The example pages of the repository, as the fuzz target's seeds start with them.
  static func examplePages() throws -> [[UInt8]] {
    let folder = BuiltProducts.packageRoot.appendingPathComponent("examples/applinks")
    return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      .filter { $0.hasSuffix(".html") }
      .map { Array(try Data(contentsOf: folder.appendingPathComponent($0))) }
  }
}

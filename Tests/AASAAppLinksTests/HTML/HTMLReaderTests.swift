import AASAAppLinks
import TestSupport
import Testing

@Suite("Reading a page as a browser does (sheet §1)")
struct HTMLReaderTests {
  @Test("tags in comments, script, style, textarea, title and escaped text are not tags")
  func hiddenTagsAreNotRead() {
    let html = """
      <html><head>
      <!-- <meta property="al:ios:url" content="commented://"> -->
      <script>document.write('<meta property="al:ios:url" content="script://">')</script>
      <style>/* <meta property="al:ios:url" content="style://"> */</style>
      <title><meta property="al:ios:url" content="title://"></title>
      </head><body>
      <textarea><meta property="al:ios:url" content="textarea://"></textarea>
      &lt;meta property="al:ios:url" content="escaped://"&gt;
      <template><meta property="al:ios:url" content="template://"></template>
      <meta property="al:ios:url" content="real://">
      </body></html>
      """
    let reading = PageFixtures.read(html)
    #expect(reading.tags.map(\.value.content) == ["real://"])
    #expect(reading.scan.commentsMentioningAppLinks.count == 1)
  }

  @Test("character references are decoded; unquoted and single-quoted attributes count")
  func attributeSyntax() {
    let html = PageFixtures.head(
      """
      <meta property=al:ios:url content=bolts://docs?a=1&amp;b=2>
      <meta property='al:ios:app_name' content='Bolts &quot;Docs&quot;'>
      <META PROPERTY="al:ios:app_store_id" CONTENT="&#49;2345">
      """)
    let reading = PageFixtures.read(html)
    #expect(
      reading.tags.map(\.value.content) == ["bolts://docs?a=1&b=2", "Bolts \"Docs\"", "12345"])
  }

  @Test("every tag has its line and column")
  func positions() {
    let html =
      "<html><head>\n  <meta property=\"al:ios:url\" content=\"bolts://\">\n\t<meta property=\"al:ios:app_name\" content=\"Bolts\">\n</head></html>"
    let tags = PageFixtures.read(html).tags
    #expect(tags.map(\.value.location.line) == [2, 3])
    #expect(tags.map(\.value.location.column) == [3, 2])
    #expect(tags[0].contentLocation.column == 39)
  }

  @Test("a tag after </head> in the source is marked, though the parser moves it into the head")
  func outsideHead() {
    let html = """
      <html><head><meta property="al:ios:url" content="a://"></head>
      <meta property="al:ios:app_name" content="A">
      <body><meta property="al:android:package" content="com.example.a"></body></html>
      """
    #expect(PageFixtures.read(html).tags.map(\.isOutsideHead) == [false, true, true])
  }

  @Test("a page nested tens of thousands deep is refused quickly, not parsed for minutes")
  func deepNestingIsRefused() {
    let html = String(repeating: "<div>", count: 100_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      let scan = HTMLReader.read(Array(html.utf8))
      #expect(scan.refusal == .nestedTooDeep(estimate: HTMLReader.maximumNesting + 1))
    }
    // Only against a blow-up: the refusal takes milliseconds; a page parsed 100,000 deep takes
    // gumbo minutes.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test("a minified page of thousands of tags on one line is read in linear time (fuzz finding)")
  func oneLongLine() {
    let html =
      "<head>"
      + String(repeating: #"<meta property="al:ios:url" content="bolts://x">"#, count: 20_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      let reading = AppLinkParser.read(Array(html.utf8), sourceURL: nil)
      #expect(reading.tags.count == 20_000)
      #expect(reading.tags.last?.value.location.column == 6 + 19_999 * 48 + 1)
      let installed = InstalledApps.parse(Array(repeating: "bolts", count: 20_000), for: .iphone)
      let navigation = Navigator.navigate(
        reading.appLink, on: .iphone, installed: installed,
        request: NavigationRequest(userAgent: "aasa test"))
      #expect(navigation.outcome == .app)
    }
    // Only against a blow-up: linear, this is well under a second; counting each tag's column
    // from the line's start (the fuzz finding) grows with the square of its 960,000 bytes.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test("a page over the size cap is not read")
  func sizeCap() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: HTMLReader.maximumSize + 1)
    #expect(HTMLReader.read(bytes).refusal == .tooLarge(bytes: HTMLReader.maximumSize + 1))
  }

  @Test("random and truncated HTML never crashes the reader")
  func randomAndTruncatedInput() {
    var generator = SystemRandomNumberGenerator()
    let pieces = [
      "<meta property=\"al:ios:url\" content=\"a://\">", "<!--", "-->", "<script>", "</script>",
      "<head>", "</head>", "<body>", "<table>", "<td>", "&amp;", "&#x", "<", ">", "\"", "'",
      "<meta", "property=al:", "<template>", "<svg><meta property=al:ios>", "\u{0}", "\u{FEFF}",
      "<div>", "</div>", "<p>", "<b>", "</i>", "é", "<!doctype html>", "<textarea>",
    ]
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0..<80, using: &generator) {
        text += pieces.randomElement(using: &generator)!
      }
      var bytes = Array(text.utf8)
      if !bytes.isEmpty, Bool.random(using: &generator) {
        bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))
      }
      if Bool.random(using: &generator) {
        bytes += (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      }
      let reading = AppLinkParser.read(bytes, sourceURL: "http://example.com/")
      _ = AppLinksLinter.lint(reading)
    }
  }
}

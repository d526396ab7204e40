import AASAAppLinks
import AASACore
import Testing

@Suite("The page checks: each code on a page that shows it")
struct AppLinksLinterTests {
  /// A page that raises `code`, and nothing in a clean page raises it.
  static let examples: [(String, String)] = [
    ("AL001", "<html><head><title>Docs</title></head></html>"),
    ("AL002", PageFixtures.head(#"<meta name="al:ios:url" content="bolts://">"#)),
    (
      "AL003",
      PageFixtures.head(
        #"<meta property="al:ios:url"><meta property="al:ios:app_name" content="Bolts">"#)
    ),
    (
      "AL004",
      "<html><head></head><body><meta property=\"al:ios:url\" content=\"bolts://\"></body></html>"
    ),
    ("AL005", PageFixtures.head(#"<!-- <meta property="al:ios:url" content="bolts://"> -->"#)),
    ("AL006", PageFixtures.head(#"<meta property="al:iphon:url" content="bolts://">"#)),
    ("AL007", PageFixtures.head(#"<meta property="al:ios:appstore_id" content="12345">"#)),
    ("AL008", PageFixtures.head(#"<meta property="al:ios:url" content=" bolts:// ">"#)),
    (
      "AL009",
      PageFixtures.head(
        #"<meta property="al:ios:app_name" content=""><meta property="al:ios:url" content="bolts://">"#
      )
    ),
    ("AL010", PageFixtures.head(#"<meta property="AL:ios:url" content="bolts://">"#)),
    ("AL011", String(repeating: "<div>", count: 5_000)),
    ("AL012", PageFixtures.head(#"<meta property="al:ios:url:extra" content="bolts://">"#)),
    (
      "AL013",
      PageFixtures.head(
        #"<meta property="al:ios" content="bolts://"><meta property="al:ios:url" content="bolts://">"#
      )
    ),
    ("AL101", PageFixtures.head(#"<meta property="al:ios:app_name" content="Bolts">"#)),
    (
      "AL102",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="bolts://"><meta property="al:ios:app_store_id" content="id284882215">"#
      )
    ),
    ("AL103", PageFixtures.head(#"<meta property="al:android:package" content="example">"#)),
    (
      "AL104",
      PageFixtures.head(
        #"<meta property="al:android:package" content="com.example.app"><meta property="al:android:class" content=".DocsActivity">"#
      )
    ),
    (
      "AL105",
      PageFixtures.head(
        #"<meta property="al:windows_phone:url" content="docs://"><meta property="al:windows_phone:app_id" content="12345">"#
      )
    ),
    ("AL106", PageFixtures.head(#"<meta property="al:ios:url" content="bolts docs">"#)),
    (
      "AL107",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="a://"><meta property="al:ios:url" content="b://"><meta property="al:ios:app_store_id" content="12345">"#
      )
    ),
    (
      "AL108",
      PageFixtures.head(#"<meta property="al:ios:url" content="https://example.com/docs">"#)
    ),
    (
      "AL109",
      PageFixtures.head(
        #"<meta property="al:ios"><meta property="al:ios:url" content="a://"><meta property="al:ios"><meta property="al:ios:url" content="a://">"#
      )
    ),
    (
      "AL110",
      PageFixtures.head(
        #"<meta property="al:ios"><meta property="al:ios:url" content="https://example.com/"><meta property="al:ios"><meta property="al:ios:url" content="a://">"#
      )
    ),
    (
      "AL201",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="a://"><meta property="al:web:should_fallback" content="never">"#
      )
    ),
    ("AL202", PageFixtures.head(#"<meta property="al:web:should_fallback" content="false">"#)),
    (
      "AL203",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="a://"><meta property="al:web:url" content="ftp://example.com/docs">"#
      )
    ),
    (
      "AL204",
      PageFixtures.head(#"<meta property="al:ios:url" content="a://"><meta property="al:web:url">"#)
    ),
    (
      "AL205",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="a://"><meta property="al:web:should_fallback">"#)
    ),
    (
      "AL206",
      PageFixtures.head(
        #"<meta property="al:ios:url" content="a://"><meta property="al:web:url" content="https://a.example/"><meta property="al:web:url" content="https://b.example/">"#
      )
    ),
  ]

  static let clean = PageFixtures.head(
    """
    <meta property="al:ios:url" content="bolts://docs">
    <meta property="al:ios:app_store_id" content="12345">
    <meta property="al:ios:app_name" content="Bolts">
    <meta property="al:android:package" content="com.example.bolts">
    <meta property="al:android:class" content="com.example.bolts.DocsActivity">
    <meta property="al:windows_phone:url" content="bolts://docs">
    <meta property="al:windows_phone:app_id" content="a14e93aa-27c7-df11-a844-00237de2db9f">
    <meta property="al:web:url" content="https://example.com/docs">
    <meta property="al:web:should_fallback" content="true">
    """)

  @Test("a clean page has no findings")
  func cleanPage() {
    #expect(PageFixtures.codes(Self.clean).isEmpty)
  }

  @Test("each page code is raised by its example", arguments: examples)
  func example(code: String, html: String) {
    #expect(PageFixtures.codes(html).contains(code), "\(PageFixtures.codes(html))")
  }

  @Test("every page code has an example")
  func everyPageCodeHasAnExample() {
    let pageCodes = DiagnosticCode.appLinksCatalog.map(\.rawValue).filter {
      $0.hasPrefix("AL0") || $0.hasPrefix("AL1") || $0.hasPrefix("AL2")
    }
    #expect(Set(pageCodes) == Set(Self.examples.map(\.0)))
  }

  @Test("findings carry the tag's line and column")
  func locations() {
    let html =
      "<html><head>\n<meta property=\"al:ios:url\" content=\"bolts://\">\n  <meta property=\"al:iphon:url\" content=\"bolts://\">\n</head></html>"
    let finding = AppLinksLinter.lint(PageFixtures.read(html)).first {
      $0.code == .AppLinks.unknownPlatform
    }
    #expect(finding?.location.line == 3)
    #expect(finding?.location.column == 3)
    #expect(finding?.message.contains("did you mean \"iphone\"") == true)
  }

  @Test("a key of another platform names the platform it belongs to")
  func keyOfAnotherPlatform() {
    let html = PageFixtures.head(
      #"<meta property="al:android:app_store_id" content="12345"><meta property="al:android:package" content="com.example.app">"#
    )
    let finding = AppLinksLinter.lint(PageFixtures.read(html)).first {
      $0.code == .AppLinks.unknownKey
    }
    #expect(finding?.message.contains("is a key of ios") == true)
  }

  @Test("a million identical mistakes are counted, not all listed")
  func cappedFindings() {
    let tags = String(repeating: #"<meta property="al:iphon:url" content="a://">"#, count: 3_000)
    let findings = AppLinksLinter.lint(PageFixtures.read(PageFixtures.head(tags)))
    #expect(
      findings.count(where: { $0.code == .AppLinks.unknownPlatform }) == FindingTally.maximumPerCode
    )
    #expect(findings.contains { $0.code == .JSON.tooManySlips })
  }
}

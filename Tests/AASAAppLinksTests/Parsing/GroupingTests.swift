import AASAAppLinks
import Testing

@Suite("From tags to targets: grouping and pairing by position (sheet §2)")
struct GroupingTests {
  @Test("markers start groups: the protocol's two iOS versions are two targets in order")
  func markersStartGroups() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios" />
      <meta property="al:ios:url" content="applinks_v2://docs" />
      <meta property="al:ios:app_store_id" content="12345" />
      <meta property="al:ios:app_name" content="App Links" />
      <meta property="al:ios" />
      <meta property="al:ios:url" content="applinks_v1://browse" />
      <meta property="al:ios:app_name" content="App Links" />
      """)
    let targets = PageFixtures.read(html).appLink.targets(of: .ios)
    #expect(targets.map(\.url) == ["applinks_v2://docs", "applinks_v1://browse"])
    #expect(targets.map { $0.content(.appStoreID) } == ["12345", nil])
    #expect(targets.map(\.group) == [0, 1])
  }

  @Test("repeated tags without markers pair by position")
  func pairingByPosition() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios:url" content="bolts://">
      <meta property="al:ios:url" content="bolts2://">
      <meta property="al:ios:app_name" content="Bolts">
      <meta property="al:ios:app_name" content="Bolts 2">
      """)
    let targets = PageFixtures.read(html).appLink.targets(of: .ios)
    #expect(targets.map(\.url) == ["bolts://", "bolts2://"])
    #expect(targets.map(\.appName) == ["Bolts", "Bolts 2"])
    #expect(targets.map(\.group) == [0, 0])
  }

  @Test("a group has as many targets as its longest key; missing values are nil")
  func longestKeyDecides() {
    let html = PageFixtures.head(
      """
      <meta property="al:android:package" content="com.example.a">
      <meta property="al:android:package" content="com.example.b">
      <meta property="al:android:package" content="com.example.c">
      <meta property="al:android:class" content="com.example.a.Main">
      """)
    let targets = PageFixtures.read(html).appLink.targets(of: .android)
    #expect(targets.map(\.package) == ["com.example.a", "com.example.b", "com.example.c"])
    #expect(targets.map(\.className) == ["com.example.a.Main", nil, nil])
  }

  @Test("a value tag before any marker creates the first group; a marker after it a second")
  func valueBeforeMarker() {
    let html = PageFixtures.head(
      """
      <meta property="al:ios:url" content="first://">
      <meta property="al:ios">
      <meta property="al:ios:url" content="second://">
      """)
    #expect(PageFixtures.read(html).appLink.targets(of: .ios).map(\.group) == [0, 1])
  }

  @Test("targets are listed platform by platform, groups in document order")
  func order() {
    let html = PageFixtures.head(
      """
      <meta property="al:android:package" content="com.example.app">
      <meta property="al:ipad:url" content="pad://">
      <meta property="al:ios:url" content="ios://">
      <meta property="al:iphone:url" content="phone://">
      """)
    #expect(
      PageFixtures.read(html).appLink.targets.map(\.platform) == [.ios, .iphone, .ipad, .android])
  }
}

@Suite("The web fallback (sheet §2)")
struct WebFallbackTests {
  @Test("the fallback starts as the source URL")
  func defaultsToSource() {
    let link = PageFixtures.read(
      PageFixtures.head("<meta property=\"al:ios:url\" content=\"a://\">")
    ).appLink
    #expect(link.fallbackURL == "http://example.com/docs")
    #expect(link.web.shouldFallback)
  }

  @Test("al:web:url replaces it", arguments: ["true", "yes", "1", "TRUE", "maybe"])
  func webURLReplaces(should: String) {
    let link = PageFixtures.read(
      PageFixtures.head(
        """
        <meta property="al:web:url" content="https://www.example.com/applinks_docs">
        <meta property="al:web:should_fallback" content="\(should)">
        """)
    ).appLink
    #expect(link.fallbackURL == "https://www.example.com/applinks_docs")
  }

  @Test(
    "no, false and 0 in any case switch it off", arguments: ["no", "false", "0", "False", "NO"])
  func switchedOff(should: String) {
    let link = PageFixtures.read(
      PageFixtures.head(
        """
        <meta property="al:web:url" content="https://www.example.com/x">
        <meta property="al:web:should_fallback" content="\(should)">
        """)
    ).appLink
    #expect(link.fallbackURL == nil)
    #expect(!link.web.shouldFallback)
  }

  @Test("only the first web group, and its first url, is read")
  func firstGroupOnly() {
    let link = PageFixtures.read(
      PageFixtures.head(
        """
        <meta property="al:web:url" content="https://one.example.com/">
        <meta property="al:web:url" content="https://two.example.com/">
        <meta property="al:web">
        <meta property="al:web:should_fallback" content="false">
        """)
    ).appLink
    #expect(link.fallbackURL == "https://one.example.com/")
  }

  @Test("Bolts for Android: al:web:url without content leaves no fallback; iOS uses the page")
  func webURLWithoutContent() {
    let link = PageFixtures.read(PageFixtures.head("<meta property=\"al:web:url\">")).appLink
    #expect(link.web.androidFallbackURL(sourceURL: link.sourceURL) == nil)
    #expect(link.fallbackURL == "http://example.com/docs")
  }
}

import Testing

@testable import AASALiveCheck

/// The host a request looks up is the host that was vetted, for every spelling a URL can give
/// it: pins (``LiveCheckOptions/pinnedAddress``, an include's vetted address, Apple's CDN's) are
/// keyed by ``SiteAddress``'s host, and AsyncHTTPClient reads its `dnsOverride` by the host of
/// the URL it is given (security review F1).
@Suite struct CanonicalHostTests {
  @Test(arguments: [
    (
      "https://REBIND.example/.well-known/assetlinks.json",
      "https://rebind.example/.well-known/assetlinks.json"
    ),
    (
      "https://Meta.Example:8443/latest/meta-data?x=Y#Z",
      "https://meta.example:8443/latest/meta-data?x=Y#Z"
    ),
    ("https://%72ebind.example/a", "https://rebind.example/a"),
    ("https://%52EBIND.example/a", "https://rebind.example/a"),
    ("https://rebind.example./a", "https://rebind.example./a"),
    ("https://REBIND.example.:443/a", "https://rebind.example.:443/a"),
    ("https://rebind.example/A/B", "https://rebind.example/A/B"),
    ("https://127.0.0.1:8443/x", "https://127.0.0.1:8443/x"),
  ])
  func everySpellingLooksUpTheVettedHost(url: String, canonical: String) throws {
    let pinnedUnder = try SiteAddress(parsing: url).host
    let fetched = try #require(ResourceFetcher.canonicalURL(url))
    #expect(fetched == canonical)
    #expect(ResourceFetcher.lookupHost(of: fetched) == pinnedUnder, "\(url)")
  }

  @Test func anIPv6LiteralKeepsItsPin() throws {
    let url = "https://[2001:DB8::1]:8443/x"
    let fetched = try #require(ResourceFetcher.canonicalURL(url))
    #expect(ResourceFetcher.lookupHost(of: fetched) == (try SiteAddress(parsing: url).host))
  }

  /// A host that is not plain ASCII could be looked up under another spelling than the pin's:
  /// it is not fetched at all.
  @Test(arguments: [
    "https://bücher.example/x", "https://b%C3%BCcher.example/x", "https://a%2Fb.example/x",
  ])
  func aHostThatCannotBeMadeSureOfIsNotFetched(url: String) {
    #expect(ResourceFetcher.canonicalURL(url) == nil)
  }
}

import Testing

@testable import AASAServer

@Suite("Host names as sites are keyed")
struct HostNameTests {
  @Test(arguments: [
    ("example.com", "example.com"),
    ("Example.COM", "example.com"),
    ("example.com:8443", "example.com"),
    ("EXAMPLE.com.:443", "example.com"),
    ("example.com.", "example.com"),
    ("[::1]:8443", "[::1]"),
    ("127.0.0.1:8443", "127.0.0.1"),
  ])
  func authorityBecomesTheSiteKey(authority: String, key: String) {
    #expect(HostName.key(forAuthority: authority) == key)
  }

  @Test(arguments: ["", ":8443", ".", "[::1"])
  func anAuthorityWithoutAHostNamesNoSite(authority: String) {
    #expect(HostName.key(forAuthority: authority) == nil)
  }
}

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

  /// `example.com..` and `..` were keyed `example.com.` and `.`, against the rule that keys have
  /// no trailing dot (fuzz finding S3, `server-request`, from `~b..` and `Host` values ending
  /// in dots).
  @Test(arguments: ["", ":8443", ".", "[::1", "..", "example.com..", "~b..", "example.com..:443"])
  func anAuthorityWithoutAHostNamesNoSite(authority: String) {
    #expect(HostName.key(forAuthority: authority) == nil)
  }
}

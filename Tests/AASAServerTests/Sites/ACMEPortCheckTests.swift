import Testing

@testable import AASAServer

/// The CA validates on the name's port 443 (TLS-ALPN-01) or 80 (HTTP-01): another port is
/// warned about at start-up, the standard one and a passive replica are not.
@Suite struct ACMEPortCheckTests {
  @Test func anotherPortThanTheCAsIsSaid() throws {
    #expect(ACMEPortCheck.warning(passive: false, servingPort: 443, challengePort: nil) == nil)
    #expect(ACMEPortCheck.warning(passive: true, servingPort: 8443, challengePort: nil) == nil)
    let alpn = try #require(
      ACMEPortCheck.warning(passive: false, servingPort: 8443, challengePort: nil))
    #expect(alpn.contains("TLS-ALPN-01 is answered on port 8443") && alpn.contains("port 443"))
    #expect(ACMEPortCheck.warning(passive: false, servingPort: 8443, challengePort: 80) == nil)
    let http = try #require(
      ACMEPortCheck.warning(passive: false, servingPort: 443, challengePort: 8080))
    #expect(http.contains("HTTP-01 is answered on port 8080") && http.contains("port 80"))
  }
}

import Testing

@testable import AASAValidator

/// The gate's pure parts: the token comparison, the Host and Origin checks, the media type, the
/// rate limiter with a clock of the test's own.
@Suite struct ValidatorRequestGuardTests {
  @Test func tokenNeedsSixteenBytesAndMatchesExactly() throws {
    #expect(AccessToken(fileContents: Array("short\n".utf8)) == nil)
    let token = try #require(AccessToken(fileContents: Array("  0123456789abcdef-token\n".utf8)))
    #expect(token.accepts(authorization: "Bearer 0123456789abcdef-token"))
    #expect(token.accepts(authorization: "bearer 0123456789abcdef-token"))
    #expect(!token.accepts(authorization: "Bearer 0123456789abcdef-tokeN"))
    #expect(!token.accepts(authorization: "Bearer 0123456789abcdef-token2"))
    #expect(!token.accepts(authorization: "Bearer "))
    #expect(!token.accepts(authorization: nil))
    // Lengths that differ by a multiple of 256 are still different.
    let long = Array(repeating: UInt8(ascii: "a"), count: 272)
    #expect(!AccessToken.constantTimeEqual(long, Array(long.prefix(16))))
  }

  @Test func hostMustNameTheListener() {
    let check = HostCheck(listenHost: "127.0.0.1", extraNames: ["validator.corp.example"])
    for host in [
      "127.0.0.1:7780", "localhost:7780", "[::1]:7780", "10.1.2.3", "validator.corp.example",
    ] {
      #expect(check.accepts(host), "\(host)")
    }
    for host in ["evil.example:7780", "", "127.0.0.1:x", "attacker.127.0.0.1.nip.io", "[::1"] {
      #expect(!check.accepts(host), "\(host)")
    }
    #expect(!check.accepts(nil))
  }

  @Test func originMustBeThePagesOwn() {
    #expect(HostCheck.originMatches(nil, host: "127.0.0.1:7780"))
    #expect(HostCheck.originMatches("http://127.0.0.1:7780", host: "127.0.0.1:7780"))
    #expect(!HostCheck.originMatches("http://evil.example", host: "127.0.0.1:7780"))
    #expect(!HostCheck.originMatches("null", host: "127.0.0.1:7780"))
  }

  @Test func onlyJSONIsTaken() {
    #expect(ValidatorHandler.isJSON("application/json"))
    #expect(ValidatorHandler.isJSON("Application/JSON; charset=utf-8"))
    #expect(!ValidatorHandler.isJSON("text/plain"))
    #expect(!ValidatorHandler.isJSON("application/x-www-form-urlencoded"))
    #expect(!ValidatorHandler.isJSON(nil))
  }

  @Test func rateLimiterRefills() {
    let limiter = RateLimiter(burst: 2, refillSeconds: 10)
    #expect(limiter.take("a", now: 0) == nil)
    #expect(limiter.take("a", now: 0) == nil)
    #expect(limiter.take("a", now: 0) == 10)
    #expect(limiter.take("b", now: 0) == nil)
    #expect(limiter.take("a", now: 10_000_000_000) == nil)
  }

  @Test func nonLoopbackNeedsAToken() {
    #expect(ValidatorConfiguration(listenHost: "127.0.0.1").startupProblem == nil)
    #expect(ValidatorConfiguration(listenHost: "::1").startupProblem == nil)
    #expect(ValidatorConfiguration(listenHost: "0.0.0.0").startupProblem != nil)
    #expect(ValidatorConfiguration(listenHost: "192.168.1.5").startupProblem != nil)
  }
}

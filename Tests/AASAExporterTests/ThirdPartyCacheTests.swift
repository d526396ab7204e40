import AASALiveCheck
import NIOConcurrencyHelpers
import Testing

@testable import AASAExporter

/// Apple's CDN and Google's API are asked once per the lifetime their own headers give; a
/// failure to ask is never kept, absurd lifetimes are bounded, and a kept answer ages.
@Suite struct ThirdPartyCacheTests {
  static func answer(status: Int = 200, headers: [(String, String)], body: String = "{}")
    -> FetchedResource
  {
    FetchedResource(
      url: "https://cdn.example/a/v1/example.com", status: status, reasonPhrase: "",
      headers: headers.map { FetchedResource.Header(name: $0.0, value: $0.1) },
      body: Array(body.utf8), exceededCap: false)
  }

  /// Asks `cache` `times` times for one URL; returns how often it really fetched.
  static func fetches(
    _ cache: ThirdPartyCache, _ answer: FetchedResource, party: ThirdParty, times: Int = 3
  ) async throws -> Int {
    let count = NIOLockedValueBox(0)
    for _ in 0..<times {
      _ = try await cache.answer(answer.url, from: party) {
        count.withLockedValue { $0 += 1 }
        return answer
      }
    }
    return count.withLockedValue { $0 }
  }

  @Test func theCDNIsAskedOncePerMaxAgeLessAge() async throws {
    let kept = Self.answer(headers: [("Cache-Control", "max-age=21600,public"), ("Age", "100")])
    #expect(try await Self.fetches(ThirdPartyCache(), kept, party: .appleCDN) == 1)
    let expired = Self.answer(headers: [("Cache-Control", "max-age=3600,public"), ("Age", "3600")])
    #expect(try await Self.fetches(ThirdPartyCache(), expired, party: .appleCDN) == 3)
    let none = Self.answer(headers: [])
    #expect(try await Self.fetches(ThirdPartyCache(), none, party: .appleCDN) == 3)
    let failure = Self.answer(
      status: 404,
      headers: [("Apple-Failure-Reason", "SWCERR00301 Timeout"), ("Cache-Control", "max-age=3600")])
    #expect(try await Self.fetches(ThirdPartyCache(), failure, party: .appleCDN) == 1)
  }

  @Test func googlesMaxAgeIsHonoured() async throws {
    let kept = Self.answer(headers: [], body: #"{"statements": [], "maxAge": "86399.5s"}"#)
    #expect(try await Self.fetches(ThirdPartyCache(), kept, party: .googleAPI) == 1)
    let zero = Self.answer(headers: [], body: #"{"statements": [], "maxAge": "0s"}"#)
    #expect(try await Self.fetches(ThirdPartyCache(), zero, party: .googleAPI) == 3)
  }

  @Test func absurdLifetimesAreBoundedAndNeverTrap() throws {
    let huge = Self.answer(headers: [
      ("Cache-Control", "max-age=9223372036854775807"), ("Age", "-9223372036854775808"),
    ])
    let seconds = try #require(ThirdPartyCache.freshness(of: huge, from: .appleCDN))
    #expect(seconds > 0)
    #expect(min(seconds, ThirdPartyCache.longestKept) == ThirdPartyCache.longestKept)
    let google = Self.answer(headers: [], body: #"{"maxAge": "1e400s"}"#)
    #expect(ThirdPartyCache.freshness(of: google, from: .googleAPI) == nil)
  }

  @Test func aFailureToAskIsNotKept() async throws {
    struct Refused: Error {}
    let cache = ThirdPartyCache()
    for _ in 0..<2 {
      await #expect(throws: Refused.self) {
        _ = try await cache.answer("https://cdn.example/x", from: .appleCDN) { throw Refused() }
      }
    }
    #expect(await cache.count == 0)
    #expect(await cache.misses[.appleCDN] == 2)
  }

  @Test func aKeptAnswerAges() {
    let answer = Self.answer(headers: [("Cache-Control", "max-age=21600"), ("Age", "100")])
    #expect(ThirdPartyCache.aged(answer, by: 50).header("Age") == "150")
    #expect(ThirdPartyCache.aged(Self.answer(headers: []), by: 7).header("Age") == "7")
    #expect(ThirdPartyCache.aged(answer, by: 0).header("Age") == "100")
  }
}

import AASALiveCheck
import Testing

/// `Apple-Failure-Reason` and `Apple-Failure-Details` as Apple's CDN sends them (and as other
/// people's fixtures write them), read into a cause with words and advice; caching headers read
/// into when the CDN asks again.
@Suite struct CDNFailureTests {
  @Test(arguments: [
    ("SWCERR00101 Bad HTTP Response: 403 Forbidden", nil, "the origin refused Apple's fetcher"),
    ("SWCERR00101 Bad HTTP Response: 404 Not Found", #"{"status":"404 Not Found"}"#, "had no file"),
    ("SWCERR00101 Bad HTTP Response: 301 Moved Permanently", nil, "does not follow redirects"),
    ("SWCERR00101 Bad HTTP Response: 503 Service Unavailable", nil, "server error"),
    (
      "SWCERR00301 Timeout",
      #"{"cause":"context deadline exceeded (Client.Timeout exceeded while awaiting headers)"}"#,
      "in time"
    ),
    ("", #"{"cause":"x509: certificate signed by unknown authority"}"#, "TLS connection"),
    ("", "status 404", "Apple's CDN could not fetch the file"),
  ])
  func theCauseIsNamed(reason: String, details: String?, meaning: String) throws {
    let failure = try #require(CDNFailure(reason: reason, details: details))
    #expect(failure.meaning.contains(meaning), "\(failure.meaning)")
    #expect(!failure.advice.isEmpty)
  }

  @Test func detailsThatAreNotJSONAreKeptAsText() throws {
    let failure = try #require(CDNFailure(reason: nil, details: "status 404"))
    #expect(failure.details.map(\.value) == ["status 404"])
    #expect(failure.details.map(\.key) == [""])
    #expect(CDNFailure(reason: nil, details: nil) == nil)
  }

  @Test func theRetryComesFromMaxAgeLessAge() {
    let caching = CDNCaching(cacheControl: "max-age=1800,public", age: "872")
    #expect(caching.maxAge == 1800)
    #expect(caching.secondsLeft == 928)
    #expect(
      caching.retryText(of: "this failure")
        == "the CDN keeps this failure 30 minutes and has held it 15 minutes: it asks the origin again in about 15 minutes"
    )
    #expect(CDNCaching(cacheControl: "public, max-age=21600", age: nil).secondsLeft == 21600)
    #expect(CDNCaching(cacheControl: "no-store", age: "5").retryText(of: "it") == nil)
    #expect(
      CDNCaching(cacheControl: "max-age=60", age: "900").retryText(of: "it")?.hasSuffix(
        "at the next request for it") == true)
  }
}

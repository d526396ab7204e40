import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `Cache-Control` and `Age` of Apple's CDN as any server may send them: values out of range,
/// negative or not numbers never trap, and the `cdn-retry` line says what could not be used.
/// The pairs are the security review's (S4-5); each is also served to `aasa-lint check` through
/// `--cdn-base`.
@Suite struct CDNCachingTests {
  /// A `Cache-Control`, an `Age`, and the `cdn-retry` line of a CDN failure with them.
  static let pairs: [(cacheControl: String, age: String?, retry: String)] = [
    (
      "max-age=9223372036854775807", nil,
      "the CDN keeps this failure 68 years: it asks the origin again in about 68 years (unusable as sent: max-age=9223372036854775807 is over 2147483648 s (68 years), read as 2147483648 s)"
    ),
    (
      "max-age=100", "-9223372036854775808",
      "the CDN keeps this failure 2 minutes: it asks the origin again in about 2 minutes (unusable as sent: Age: -9223372036854775808 is negative)"
    ),
    (
      "max-age=-1", "5",
      "when the CDN asks the origin again about this failure is not known; it has held this failure 5 s (unusable as sent: max-age=-1 is negative)"
    ),
    (
      "max-age=9223372036854775807", "-1",
      "the CDN keeps this failure 68 years: it asks the origin again in about 68 years (unusable as sent: max-age=9223372036854775807 is over 2147483648 s (68 years), read as 2147483648 s; Age: -1 is negative)"
    ),
  ]

  @Test(arguments: 0..<pairs.count)
  func theReviewsPairsAreReadWithoutTrapping(index: Int) {
    let pair = Self.pairs[index]
    let caching = CDNCaching(cacheControl: pair.cacheControl, age: pair.age)
    #expect(caching.retryText(of: "this failure") == pair.retry)
    if let left = caching.secondsLeft, let maxAge = caching.maxAge {
      #expect((0...maxAge).contains(left))
    }
    #expect(!caching.problems.isEmpty)
  }

  @Test func valuesAreReadAsDeltaSeconds() {
    let huge = CDNCaching(cacheControl: "max-age=99999999999999999999999", age: "2147483649")
    #expect(huge.maxAge == CDNCaching.largestSeconds)
    #expect(huge.age == CDNCaching.largestSeconds)
    #expect(huge.secondsLeft == 0)
    #expect(huge.problems.count == 2)

    let signed = CDNCaching(cacheControl: "max-age=+60", age: "0x10")
    #expect(signed.maxAge == nil)
    #expect(signed.maxAgeUnusable)
    #expect(signed.age == nil)
    #expect(
      signed.problems == [
        "max-age=+60 is not a number of seconds", "Age: 0x10 is not a number of seconds",
      ])

    let empty = CDNCaching(cacheControl: "max-age=, public", age: "")
    #expect(empty.maxAge == nil)
    #expect(
      empty.problems == ["max-age= is not a number of seconds", "Age:  is not a number of seconds"])

    // Only an unusable Age: no max-age says how long, and the line says what was unusable.
    let ageOnly = CDNCaching(cacheControl: "public", age: "-3")
    #expect(
      ageOnly.retryText(of: "this copy")
        == "nothing says how long the CDN keeps this copy (unusable as sent: Age: -3 is negative)")

    let plain = CDNCaching(cacheControl: "max-age=3600,public", age: " 120 ")
    #expect(plain.maxAge == 3600)
    #expect(plain.age == 120)
    #expect(plain.problems.isEmpty)
    #expect(plain.secondsLeft == 3480)
  }

  @Test func durationsReadAtEveryScale() {
    let caching = CDNCaching(cacheControl: "max-age=604800", age: "86400")
    #expect(
      caching.retryText(of: "this copy")
        == "the CDN keeps this copy 7 days and has held it 24 hours: it asks the origin again in about 6 days"
    )
    let year = CDNCaching(cacheControl: "max-age=63115200", age: nil)
    #expect(year.retryText(of: "it")?.hasPrefix("the CDN keeps it 2 years") == true)
  }

  // MARK: Through `aasa-lint check`

  /// A CDN failure carrying `cacheControl` and `age`, served under `/a/v1/127.0.0.1` by a local
  /// server that is also the site; `aasa-lint check --cdn-base` reads it.
  static func checkCommand(cacheControl: String, age: String?) async throws -> ProcessResult {
    let directory = try TemporaryDirectory()
    let certificate = try TestCertificate.selfSigned(in: directory)
    var headers = [
      ("Content-Type", "text/plain; charset=utf-8"),
      ("Apple-Failure-Reason", "SWCERR00101 Bad HTTP Response: 404 Not Found"),
      ("Cache-Control", cacheControl),
    ]
    if let age { headers.append(("Age", age)) }
    let failure = StubHTTPS.Answer(
      status: .notFound, headers: headers, body: Array("Not Found\n".utf8))
    return try await withServer(
      certificate: certificate,
      routes: { path in path == "/a/v1/127.0.0.1" ? failure : Fixtures.correctSite(path) }
    ) { server in
      try await ChildProcess.run(
        CheckCommandTests.executable,
        [
          "check", server.url, "--cdn-base", "\(server.url)/a/v1", "--ca-file",
          certificate.certificatePath, "--color", "never",
        ])
    }
  }

  @Test(arguments: 0..<pairs.count)
  func checkSaysWhatWasUnusable(index: Int) async throws {
    let pair = Self.pairs[index]
    let result = try await Self.checkCommand(cacheControl: pair.cacheControl, age: pair.age)
    // The CDN failure is a finding: exit 1, not a crash.
    #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    #expect(result.stdout.contains("fail  cdn "), "\(result.stdout)")
    #expect(result.stdout.contains("cdn-retry"), "\(result.stdout)")
    #expect(result.stdout.contains(pair.retry), "\(result.stdout)")
    #expect(result.stdout.contains("Cache-Control: \(pair.cacheControl)"))
  }
}

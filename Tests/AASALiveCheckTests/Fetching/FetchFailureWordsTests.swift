import NIOCore
import TestSupport
import Testing

@testable import AASALiveCheck

/// Why a host was not asked, in the report's words (``FetchPolicy/words(for:host:port:timeout:)``):
/// what a third party's vetting or an include's fetcher threw, never `"\(error)"`, which shows a
/// Swift type's name for an error that does not describe itself.
@Suite("Fetch failures in words")
struct FetchFailureWordsTests {
  /// An error of no words: what `"\(error)"` would say as `SilentFailure(code: 7)`.
  struct SilentFailure: Error { var code = 7 }

  struct WordedFailure: Error, CustomStringConvertible {
    var description: String { "shop.example.test was asked too often; try again later" }
  }

  static func words(_ error: any Error) -> String {
    FetchPolicy.words(
      for: error, host: "shop.example.test", port: 443, timeout: .seconds(10))
  }

  @Test func aRefusalIsItsMessage() {
    let refusal = FetchPolicy.Refusal(
      code: "blocked-address", message: "127.0.0.1 is a loopback address")
    #expect(Self.words(refusal) == "127.0.0.1 is a loopback address")
  }

  @Test func libraryErrorsAreNetworkWords() {
    #expect(
      Self.words(ChannelError.connectTimeout(.seconds(10)))
        == "no connection to shop.example.test:443 within 10 s (timed out)")
    #expect(
      Self.words(ChannelError.ioOnClosedChannel)
        == "shop.example.test:443 closed the connection during the TLS handshake")
  }

  @Test func thePackagesOwnErrorsSayWhatTheySay() {
    #expect(Self.words(WordedFailure()) == WordedFailure().description)
    #expect(
      Self.words(CancellationError()) == "the check was cancelled before shop.example.test answered"
    )
  }

  @Test func anErrorOfNoWordsShowsNoTypeName() {
    let words = Self.words(SilentFailure())
    #expect(!words.contains("SilentFailure"), "\(words)")
    #expect(!words.contains("code:"), "\(words)")
    #expect(!words.isEmpty)
  }

  /// The CDN, vetted for someone else, refused with an error of no words: the report says so
  /// without the error's type.
  @Test func aCDNRefusalShowsNoTypeName() async throws {
    let directory = try TemporaryDirectory()
    let certificate = try TestCertificate.selfSigned(in: directory)
    let report = try await withServer(certificate: certificate, routes: Fixtures.correctSite) {
      server in
      var options = try Fixtures.options(server, trusting: certificate)
      options.cdnBase = "https://cdn.aasa.test:\(server.port)/a/v1/"
      options.vetOtherHost = { _, _ in throw SilentFailure() }
      return await LiveCheck(options: options).run()
    }
    let cdn = try #require(report.cdn?.requirement)
    #expect(cdn.status == .warn)
    #expect(cdn.detail.hasPrefix("not asked: "), "\(cdn.detail)")
    #expect(!cdn.detail.contains("SilentFailure"), "\(cdn.detail)")
  }
}

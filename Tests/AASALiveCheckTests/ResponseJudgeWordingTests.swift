import Testing

@testable import AASALiveCheck

/// Each well-known file's lines name who fetches it: an assetlinks.json is Google's business.
@Suite("Who fetches each file")
struct ResponseJudgeWordingTests {
  func judge(_ resource: WellKnownResource, status: Int, headers: [FetchedResource.Header])
    async -> [Requirement]
  {
    let trust = TrustRoots.system
    let judge = ResponseJudge(signerRoots: trust.store, signerRootsName: trust.name)
    let response = FetchedResource(
      url: "https://example.com" + resource.path, status: status, reasonPhrase: "Moved",
      headers: headers, body: [], exceededCap: false)
    return await judge.judge(response, as: resource).requirements
  }

  @Test("a redirect of assetlinks.json names Google's verifier; of the AASA, Apple's fetcher")
  func redirect() async {
    let location = [FetchedResource.Header(name: "Location", value: "https://www.example.com/x")]
    let android = await judge(.assetLinks, status: 301, headers: location)
    let details = android.map(\.detail).joined(separator: "\n")
    #expect(details.contains("Android never follows a redirect for assetlinks.json"), "\(details)")
    #expect(!details.contains("Apple"), "\(details)")
    let apple = await judge(.association, status: 301, headers: location)
    #expect(apple.map(\.detail).joined().contains("Apple's fetcher does not follow redirects"))
  }

  @Test("content type and encoding lines of assetlinks.json do not speak of Apple")
  func contentLines() async {
    let android = await judge(
      .assetLinks, status: 200,
      headers: [
        .init(name: "Content-Type", value: "text/plain"),
        .init(name: "Content-Encoding", value: "zstd"),
      ])
    let details = android.map(\.detail)
    #expect(!details.joined().contains("Apple"), "\(details)")
    let encoding = android.first { $0.name == "content-encoding" }?.detail ?? ""
    #expect(encoding.contains("zstd is not an encoding Google's verifier decodes"), "\(encoding)")
    let apple = await judge(
      .association, status: 200, headers: [.init(name: "Content-Encoding", value: "zstd")])
    #expect(
      apple.contains { $0.detail.contains("zstd is not an encoding Apple's fetcher decodes") })
  }
}

import Testing

@testable import AASALiveCheck

/// The steps both judges take to undo a response's `Content-Encoding`, and how the Android judge
/// words each: these were two copies of the same control flow until they shared `ResponseBody`.
@Suite struct ResponseBodyTests {
  static let file = Array(Fixtures.association.utf8)

  func response(_ body: [UInt8], encoding: String?, exceededCap: Bool = false) -> FetchedResource {
    FetchedResource(
      url: "https://example.com/.well-known/assetlinks.json", status: 200, reasonPhrase: "OK",
      headers: [.init(name: "Content-Type", value: "application/json")]
        + (encoding.map { [.init(name: "Content-Encoding", value: $0)] } ?? []),
      body: body, exceededCap: exceededCap)
  }

  @Test func eachCaseIsTold() {
    switch ResponseBody(response(Self.file, encoding: "zstd"), limit: 1000) {
    case .unknownCoding(let unknown): #expect(unknown.description(fetcher: "x").contains("zstd"))
    default: Issue.record("zstd is no coding a fetcher decodes")
    }
    guard case .identity = ResponseBody(response(Self.file, encoding: nil), limit: 1000) else {
      Issue.record("no Content-Encoding is the body as sent")
      return
    }
    let gzip = Compression.gzip(Fixtures.association)
    guard
      case .overCapAsSent([.gzip]) = ResponseBody(
        response(gzip, encoding: "gzip", exceededCap: true), limit: 1000)
    else {
      Issue.record("an encoded body cut off at the cap is not decoded")
      return
    }
    guard
      case .decoded([.gzip], let whole) = ResponseBody(
        response(gzip, encoding: "gzip"), limit: 100_000)
    else {
      Issue.record("gzip is decoded")
      return
    }
    #expect(whole == DecodedBody(bytes: Self.file, exceededLimit: false))
    guard case .decoded(_, let cut) = ResponseBody(response(gzip, encoding: "gzip"), limit: 10)
    else {
      Issue.record("gzip over the limit is decoded up to it")
      return
    }
    #expect(cut.exceededLimit)
    guard
      case .undecodable([.gzip], let error) = ResponseBody(
        response(Self.file, encoding: "gzip"), limit: 1000)
    else {
      Issue.record("plain JSON is not gzip")
      return
    }
    #expect(error.coding == "gzip")
  }

  /// The Android judge's lines for each case, as they were before the two judges shared the
  /// steps: (size status, encoding status, whether the body is handed on to be read).
  @Test func theAndroidJudgeWordsEachCase() throws {
    let judge = ResponseJudge(signerRoots: TrustRoots.system.store, signerRootsName: "system")
    let cap = AndroidServing.maximumSize
    let gzip = Compression.gzip(Fixtures.association)
    let bomb = Compression.gzip(String(repeating: " ", count: cap + 10))
    let cases: [(FetchedResource, Requirement.Status, Requirement.Status, Bool, String)] = [
      (response(Self.file, encoding: nil), .pass, .pass, true, "\(Self.file.count) bytes (at most"),
      (response(Self.file, encoding: nil, exceededCap: true), .fail, .pass, false, "more than"),
      (
        response(Self.file, encoding: "zstd"), .info, .fail, false,
        "\(Self.file.count) bytes as sent"
      ),
      (response(Self.file, encoding: "zstd", exceededCap: true), .fail, .fail, false, "more than"),
      (
        response(gzip, encoding: "gzip"), .pass, .pass, true,
        "\(Self.file.count) bytes after decoding"
      ),
      (response(gzip, encoding: "gzip", exceededCap: true), .fail, .pass, false, "more than"),
      (response(bomb, encoding: "gzip"), .fail, .pass, false, "after decoding, over 1 MiB"),
      (
        response(Self.file, encoding: "gzip"), .info, .fail, false,
        "\(Self.file.count) bytes as sent"
      ),
    ]
    for (response, size, encoding, hasBody, sizeDetail) in cases {
      let lines = judge.decodeForAndroid(response)
      let label = "\(response.header("Content-Encoding") ?? "none"), cut: \(response.exceededCap)"
      #expect(lines.size.status == size, "\(label)")
      #expect(lines.size.detail.hasPrefix(sizeDetail), "\(label): \(lines.size.detail)")
      #expect(lines.encoding.status == encoding, "\(label)")
      #expect((lines.body != nil) == hasBody, "\(label)")
    }
  }
}

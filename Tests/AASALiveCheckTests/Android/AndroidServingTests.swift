import Testing

@testable import AASALiveCheck

/// An assetlinks.json response judged as Android's verifier reads it.
@Suite struct AndroidServingTests {
  func judge(body: [UInt8], exceededCap: Bool, encoding: String) async -> [Requirement] {
    let trust = TrustRoots.system
    let response = FetchedResource(
      url: "https://example.com/.well-known/assetlinks.json", status: 200, reasonPhrase: "OK",
      headers: [
        .init(name: "Content-Type", value: "application/json"),
        .init(name: "Content-Encoding", value: encoding),
      ], body: body, exceededCap: exceededCap)
    return await ResponseJudge(signerRoots: trust.store, signerRootsName: trust.name)
      .judge(response, as: .assetLinks).requirements
  }

  /// Fuzz finding (target `response-judge`): with a Content-Encoding Google's verifier does not
  /// decode, the size line said "1048577 bytes as sent" (info) of a response cut off at the cap,
  /// where every other path fails it as more than 1 MiB.
  @Test func aResponseOverTheCapFailsItsSizeWhateverItsEncoding() async throws {
    let body = [UInt8](repeating: UInt8(ascii: " "), count: AndroidServing.sizeCap)
    let lines = await judge(body: body, exceededCap: true, encoding: "zstd")
    let size = try #require(lines.first { $0.name == "size" })
    #expect(size.status == .fail)
    #expect(size.detail.hasPrefix("more than 1048576 bytes as sent"), "\(size.detail)")
    let encoding = try #require(lines.first { $0.name == "content-encoding" })
    #expect(encoding.status == .fail)
    #expect(encoding.detail.hasPrefix("zstd is not an encoding Google's verifier decodes"))
  }

  @Test func aSmallResponseOfAnUnknownEncodingSaysItsSize() async throws {
    let lines = await judge(body: Array("[]".utf8), exceededCap: false, encoding: "zstd")
    let size = try #require(lines.first { $0.name == "size" })
    #expect(size.status == .info)
    #expect(size.detail == "2 bytes as sent")
  }
}

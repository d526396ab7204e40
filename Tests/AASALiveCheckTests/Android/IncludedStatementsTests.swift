import AASAAndroid
import AASACore
import AASALiveCheck
import Foundation
import TestSupport
import Testing

/// `include` statements followed over real TLS on 127.0.0.1 (the site named `android.test`
/// through `--connect-to`): levels, a cycle, refusals (plain http, a loopback address the site is
/// not on), Content-Type, the fetch budget, and grants that become definite.
@Suite struct IncludedStatementsTests {
  static let delegated = "com.example.delegated"
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(
      in: directory, name: "include", commonName: "android.test",
      alternativeNames: [.dns("android.test"), .loopback])
  }

  static func grant(_ package: String) -> String {
    """
    {"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": \
    "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]}}
    """
  }

  func run(
    root: String, files: [String: StubHTTPS.Answer],
    limits: IncludedStatements.Limits = .init()
  ) async throws -> (StatementList, IncludedStatements) {
    let server = try await StubHTTPS.start(certificate: certificate) { path in
      files[path] ?? .notFound
    }
    var options = LiveCheckOptions(
      site: SiteAddress(host: "android.test"),
      trust: try TrustRoots.caFile(certificate.certificatePath), timeoutSeconds: Fixtures.timeout)
    options.connectTo = try ConnectTo(parsing: "android.test:443:127.0.0.1:\(server.port)")
    let json = try #require(JSONReader.read(Array(root.utf8)).value)
    let rootList = try #require(AssetLinksFile.parse(json).statementList)
    let included = await IncludedStatements.fetch(
      includesOf: rootList, options: options, limits: limits)
    await server.stop()
    return (rootList, included)
  }

  @Test("Two levels and a loop: the grant two levels down is found, and the loop reported")
  func levelsAndCycle() async throws {
    let root = """
      [{"include": "https://android.test/team.json"},
       {"include": "https://127.0.0.1/elsewhere.json"}]
      """
    let (list, included) = try await run(
      root: root,
      files: [
        "/team.json": .json(#"[{"include": "https://android.test/level2.json"}]"#),
        "/level2.json": .json(
          "[\(Self.grant(Self.delegated)), {\"include\": \"https://android.test/team.json\"}]"),
      ])
    #expect(included.lists.map(\.url).contains("https://android.test/level2.json"))
    let level2 = try #require(included.lists.first { $0.url.hasSuffix("level2.json") })
    #expect(level2.depth == 2)
    #expect(level2.statementList != nil)
    let loopback = try #require(included.lists.first { $0.url.contains("127.0.0.1") })
    #expect(loopback.problem?.contains("loopback") == true)
    #expect(included.cycles.count == 1)
    #expect(included.cycles.first?.contains("level2.json → https://android.test/team.json") == true)
    let answer = included.grants(
      root: list, package: Self.delegated,
      fingerprint: try #require(CertificateFingerprint(Self.fingerprint)))
    #expect(answer.definite)
    #expect(answer.includedGrant?.depth == 2)
    #expect(answer.explanation.contains("AOSP's verifier"))
    #expect(included.requirements.contains { $0.name == "include" && $0.status == .warn })
  }

  @Test("An http include is not fetched (and makes Google ignore the list that names it)")
  func insecure() async throws {
    let (list, included) = try await run(
      root: #"[{"include": "http://android.test/insecure.json"}]"#,
      files: ["/insecure.json": .json("[\(Self.grant(Self.delegated))]")])
    #expect(list.isIgnoredByGoogle)
    let insecure = try #require(included.lists.first)
    #expect(insecure.problem?.contains("not https") == true)
    #expect(insecure.statementList == nil)
  }

  @Test("An include served as text/plain, or answering 404, counts for nothing")
  func servedWrongly() async throws {
    let root = """
      [{"include": "https://android.test/text.json"}, {"include": "https://android.test/gone.json"}]
      """
    let (list, included) = try await run(
      root: root,
      files: ["/text.json": .json("[\(Self.grant(Self.delegated))]", contentType: "text/plain")])
    #expect(included.lists.count == 2)
    #expect(included.lists.allSatisfy { $0.statementList == nil })
    #expect(included.lists[0].problem?.contains("content-type") == true)
    let answer = included.grants(
      root: list, package: Self.delegated,
      fingerprint: try #require(CertificateFingerprint(Self.fingerprint)))
    #expect(!answer.answer.isGranted)
    #expect(answer.definite)
    #expect(answer.explanation.contains("count for nothing"))
  }

  @Test("Past the fetch budget nothing more is fetched, and the answer is not definite")
  func budget() async throws {
    let root = """
      [{"include": "https://android.test/a.json"}, {"include": "https://android.test/b.json"}]
      """
    let (list, included) = try await run(
      root: root, files: ["/a.json": .json("[]"), "/b.json": .json("[\(Self.grant("x.y"))]")],
      limits: .init(maximumFetches: 1, maximumDepth: 5))
    #expect(included.lists.count == 1)
    #expect(included.notFetched == ["https://android.test/b.json"])
    let answer = included.grants(
      root: list, package: Self.delegated,
      fingerprint: try #require(CertificateFingerprint(Self.fingerprint)))
    #expect(!answer.definite)
  }
}

import Foundation
import TestSupport
import Testing

/// One resolution per fetch, whatever the spelling of a host (security review 2, F1): the real
/// `aasa-lint web`, in a network and mount namespace of the test's own whose only DNS server is
/// a rebinding one (`Resources/rebinding_namespace.py`). Each name's first A answer is a public
/// address, every later one 127.0.0.1 or 169.254.169.254, so a second resolution shows twice in
/// the server's log and sends a connection to an address the policy refuses. A route request
/// for a site in each spelling (upper case, mixed case, trailing dot, percent-encoding, an
/// explicit port) fetches the site's two files, is answered a redirect it must not follow, and
/// follows an include written in the same spelling.
///
/// Before the canonical spelling (d6ff14a), the upper- and mixed-case includes were resolved a
/// second time and connected to the rebinding address (the review: `REBIND.test → 127.0.0.1`).
@Suite struct RebindingNamespaceTests {
  /// One case: how the site and its include are written, and where the site redirects.
  struct Case: Codable {
    var site: String
    var siteHost: String
    var include: String
    var includeHost: String
    var redirect: String
    var redirectHost: String
  }

  static let cases: [Case] = [
    ("S1.TEST", "https://I1.TEST/.well-known/assetlinks.json"),
    ("https://Site2.Test", "https://Inc2.Test/.well-known/assetlinks.json"),
    ("s3.test.", "https://i3.test./.well-known/assetlinks.json"),
    ("https://%73%34.test", "https://%69%34.test/.well-known/assetlinks.json"),
    ("https://s5.test:443", "https://i5.test:443/.well-known/assetlinks.json"),
  ].enumerated().map { index, spelling in
    let number = index + 1
    let hosts = ["s1", "site2", "s3", "s4", "s5"]
    let includes = ["i1", "inc2", "i3", "i4", "i5"]
    return Case(
      site: spelling.0, siteHost: "\(hosts[index]).test", include: spelling.1,
      includeHost: "\(includes[index]).test",
      redirect: "https://R\(number).Test/.well-known/apple-app-site-association",
      redirectHost: "r\(number).test")
  }

  struct Findings: Decodable {
    struct Question: Decodable {
      var name: String
      var type: Int
    }
    struct Connection: Decodable {
      var local: String
      var sni: String?
      var path: String?
      var host: String?
    }
    struct Answer: Decodable {
      var site: String
      var status: Int
      var body: String
    }
    var questions: [Question]
    var connections: [Connection]
    var answers: [Answer]
    var validator: String
  }

  /// Debian's Python, as the other namespace tests find their tools: the test runs only on Linux.
  #if os(Linux)
    static let python = "/usr/bin/python3"
  #else
    static let python = "python3"
  #endif

  static var canRun: Bool {
    ValidatorHeadGateTests.canMakeNamespaces
      && FileManager.default.isExecutableFile(atPath: python)
  }

  static func key(_ name: String) -> String {
    var name = name.lowercased()
    if name.hasSuffix(".") { name.removeLast() }
    return name
  }

  @Test(.enabled(if: canRun, "needs Linux, root, unshare, ip and python3"))
  func everySpellingIsResolvedOnceAndConnectedWhereVetted() async throws {
    let directory = try TemporaryDirectory(label: "validator-rebinding")
    let names = Self.cases.flatMap { [$0.siteHost, $0.includeHost] }
    let certificate = try LoopbackCertificate(in: directory, dnsNames: names)
    let resolver = try directory.write(
      "resolv.conf", "nameserver 127.0.0.1\noptions attempts:1 timeout:2\n")
    let hosts = try directory.write("hosts", "127.0.0.1 localhost\n::1 localhost\n")
    let out = directory.file("findings.json")
    let configuration: [String: Any] = [
      "lint": BuiltProducts.executable("aasa-lint"), "ca": certificate.authorityFile,
      "chain": certificate.chainFile, "key": certificate.keyFile, "out": out,
      "cases": try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.cases)),
    ]
    let argument = String(
      decoding: try JSONSerialization.data(withJSONObject: configuration), as: UTF8.self)
    let script = BuiltProducts.packageRoot.appendingPathComponent(
      "Tests/AASAValidatorTests/Resources/rebinding_namespace.py"
    ).path
    // The addresses of the namespace's loopback: the two public ones the DNS server gives
    // first, the metadata address one of its rebinding answers, and a source address per case.
    let addresses = ["192.0.2.10/32", "192.0.2.20/32", "169.254.169.254/32", "127.0.1.0/24"]
    let shell =
      "ip link set lo up && "
      + addresses.map { "ip addr add \($0) dev lo && " }.joined()
      + "mount --bind '\(resolver)' /etc/resolv.conf && mount --bind '\(hosts)' /etc/hosts && "
      + "exec '\(Self.python)' \"$0\" \"$1\""
    let result = try await ChildProcess.run(
      try ExecutableLookup.require("unshare"),
      ["-n", "-m", "--propagation", "private", "sh", "-c", shell, script, argument],
      environment: ["PYTHONDONTWRITEBYTECODE": "1"], in: BuiltProducts.packageRoot,
      timeout: .seconds(300))
    #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
    let data = try #require(FileManager.default.contents(atPath: out), "\(result.stderr)")
    let findings = try JSONDecoder().decode(Findings.self, from: data)
    let log = findings.validator
    var asked: [String: Int] = [:]
    for question in findings.questions where question.type == 1 {
      asked[Self.key(question.name), default: 0] += 1
    }
    for (index, answer) in findings.answers.enumerated() {
      let spelling = Self.cases[index]
      #expect(answer.status == 200, "route \(answer.site): \(answer.status) \(answer.body)\n\(log)")
      // Resolved once, when vetted, however the request wrote it.
      #expect(asked[spelling.siteHost] == 1, "\(spelling.site): \(findings.questions)")
      #expect(asked[spelling.includeHost] == 1, "\(spelling.include): \(findings.questions)")
      // Apple's fetcher does not follow a redirect: its host is never even resolved.
      #expect(asked[spelling.redirectHost] == nil, "\(spelling.redirect): \(findings.questions)")
      // Both of the site's files and the include reached the vetted addresses.
      let site = findings.connections.filter {
        $0.host.map { Self.key(String($0.split(separator: ":")[0])) } == spelling.siteHost
      }
      #expect(
        Set(site.compactMap(\.path)).isSuperset(of: [
          "/.well-known/apple-app-site-association", "/.well-known/assetlinks.json",
        ]), "\(spelling.site): \(findings.connections)")
      #expect(site.allSatisfy { $0.local == "192.0.2.10" }, "\(spelling.site): \(site)")
      let include = findings.connections.filter { $0.sni.map(Self.key) == spelling.includeHost }
      #expect(!include.isEmpty, "\(spelling.include): \(findings.connections)\n\(log)")
      #expect(include.allSatisfy { $0.local == "192.0.2.20" }, "\(spelling.include): \(include)")
      #expect(
        log.contains("host=\(spelling.includeHost)") && log.contains("outcome=vetted"),
        "\(spelling.include): \(log)")
    }
    #expect(findings.answers.count == Self.cases.count, "\(result.stderr)")
    // Nothing reached an address the policy refuses.
    let refused = findings.connections.filter { !$0.local.hasPrefix("192.0.2.") }
    #expect(refused.isEmpty, "connections to refused addresses: \(refused)")
  }
}

import AASAAndroid
import AASACore
import AASALiveCheck
import Foundation
import NIOCore
import NIOPosix
import TestSupport
import Testing

/// What the security review found in following `include` statements for someone else (the
/// validator page): an include's host spelled with an upper-case letter was vetted under its
/// lower-case name and then resolved again (F1), each include had the whole timeout to itself,
/// one after another (F4's include part), and a refusal named the address a name resolved to (F10).
@Suite struct IncludeFetchBoundsTests {
  let directory: TemporaryDirectory
  let certificate: TestCertificate

  init() async throws {
    directory = try TemporaryDirectory()
    certificate = try TestCertificate.selfSigned(
      in: directory, name: "include", commonName: "android.test",
      alternativeNames: [.dns("android.test"), .dns("included.invalid"), .loopback])
  }

  static func rootList(_ includes: [String]) throws -> StatementList {
    let text = "[" + includes.map { "{\"include\": \"\($0)\"}" }.joined(separator: ",") + "]"
    let json = try #require(JSONReader.read(Array(text.utf8)).value)
    return try #require(AssetLinksFile.parse(json).statementList)
  }

  /// `.invalid` never resolves (RFC 6761): an include reaches the server only at the address its
  /// vetting gave. Before the fix, every spelling with an upper-case letter was looked up again
  /// by AsyncHTTPClient under the name as written, and failed here with "cannot resolve".
  @Test(arguments: [
    "INCLUDED.invalid", "Included.Invalid", "included.INVALID", "%49ncluded.invalid",
    "included.invalid",
  ])
  func anIncludeGoesToTheVettedAddressWhateverTheSpellingOfItsHost(host: String) async throws {
    let requests = Recorder()
    let server = try await StubHTTPS.start(
      certificate: certificate,
      hostRoutes: {
        host, target in
        requests.add("\(host) \(target)")
        return .json("[]")
      })
    let vetted = Recorder()
    var options = LiveCheckOptions(
      site: SiteAddress(host: "android.test"),
      trust: try TrustRoots.caFile(certificate.certificatePath), timeoutSeconds: Fixtures.timeout)
    options.connectTo = try ConnectTo(parsing: "android.test:443:127.0.0.1:\(server.port)")
    options.vetOtherHost = { host, port in
      vetted.add("\(host):\(port)")
      return "127.0.0.1"
    }
    let port = server.port
    let url = "https://\(host):\(port)/.well-known/assetlinks.json"
    let included = await IncludedStatements.fetch(
      includesOf: try Self.rootList([url]), options: options)
    await server.stop()
    let list = try #require(included.lists.first)
    #expect(list.problem == nil, "\(url): \(list.problem ?? "")")
    #expect(list.statementList != nil)
    #expect(vetted.values == ["included.invalid:\(port)"])
    #expect(requests.values.count == 1, "\(requests.values)")
  }

  /// Eight includes that accept a connection and never answer share one timeout: the whole
  /// resolution ends in about one (2 s: 2.7 s measured), where one after another they took 8 s
  /// (measured without the shared deadline; AsyncHTTPClient's pool overlaps some). What shows
  /// the one budget is the lines of the includes it left unasked, which the old resolution never
  /// wrote; the wall-clock bound is only against a blow-up, ten minutes (full runs of the suite on
  /// 2 cores measured 8.5 s and once 92 s for the 2.7 s resolution, waiting for threads).
  @Test func includesThatNeverAnswerShareOneTimeout() async throws {
    let silent = try await SilentListener.start()
    let server = try await StubHTTPS.start(
      certificate: certificate, routes: { _ in .notFound })
    let options = LiveCheckOptions(
      site: SiteAddress(host: "127.0.0.1", port: server.port),
      trust: try TrustRoots.caFile(certificate.certificatePath), timeoutSeconds: 2)
    let urls = (1...8).map { "https://127.0.0.1:\(silent.port)/\($0).json" }
    let started = ContinuousClock.now
    let included = await IncludedStatements.fetch(
      includesOf: try Self.rootList(urls), options: options)
    let elapsed = ContinuousClock.now - started
    await server.stop()
    await silent.stop()
    #expect(elapsed < .seconds(600), "the includes took \(elapsed)")
    #expect(included.lists.count == 8)
    #expect(included.lists.allSatisfy { $0.statementList == nil })
    let unasked = included.lists.filter {
      $0.problem?.contains("the includes' 2 s ran out") == true
    }
    #expect(unasked.count >= 6, "\(included.lists.map { $0.problem ?? "" })")
  }

  /// F10: a name that resolves to an internal address is refused by the kind of address, never
  /// the address; the operator's log gets it (``FetchPolicy/Refusal/resolvedAddress``).
  @Test func aRefusalOfANameDoesNotSayItsAddress() throws {
    let refusal = try #require(
      FetchPolicy().refusal(host: "db.corp.internal", port: 443, address: [10, 20, 30, 40]))
    #expect(refusal.code == "blocked-address")
    #expect(
      refusal.message
        == "db.corp.internal resolves to a private address, which this validator does not fetch from"
    )
    #expect(refusal.liftingRules == ["db.corp.internal"])
    #expect(refusal.resolvedAddress == "10.20.30.40")
    #expect(!"\(refusal.message) \(refusal.liftingRules)".contains("10.20"))
    // An address the request wrote is its own: said, and lifted by address or network.
    let literal = try #require(
      FetchPolicy().refusal(host: "10.20.30.40", port: 443, address: [10, 20, 30, 40]))
    #expect(literal.message.hasPrefix("10.20.30.40 is a private address"))
    #expect(literal.liftingRules == ["10.20.30.40", "10.20.0.0/16"])
  }

  @Test func vettingLocalhostSaysItsKindNotItsAddress() async throws {
    do {
      _ = try await FetchPolicy().vet(host: "LOCALHOST", port: 443)
      Issue.record("localhost was not refused")
    } catch let refusal as FetchPolicy.Refusal {
      #expect(refusal.message.hasPrefix("localhost resolves to a loopback address"))
      #expect(!refusal.message.contains("127.0.0.1") && !refusal.message.contains("::1"))
      #expect(refusal.resolvedAddress == "127.0.0.1" || refusal.resolvedAddress == "::1")
    }
  }

  /// An include whose name does not resolve says so in words, not as the resolver's error type.
  @Test func anIncludeThatDoesNotResolveSaysSo() async throws {
    var options = LiveCheckOptions(
      site: SiteAddress(host: "127.0.0.1", port: 9), trust: .system, timeoutSeconds: 5)
    options.vetOtherHost = { host, port in try await FetchPolicy().vet(host: host, port: port) }
    let included = await IncludedStatements.fetch(
      includesOf: try Self.rootList(["https://no-such-host.invalid/.well-known/assetlinks.json"]),
      options: options)
    let problem = try #require(included.lists.first?.problem)
    #expect(problem.contains("cannot resolve no-such-host.invalid"), "\(problem)")
    #expect(!problem.contains("SocketAddressError") && !problem.contains("error -"), "\(problem)")
  }
}

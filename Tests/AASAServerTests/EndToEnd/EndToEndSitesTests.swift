import Foundation
import TestSupport
import Testing

/// `--sites DIR`: one folder per host, routed by Host / :authority, each site on its own.
@Suite("aasa-serve end to end: many sites", .programsTimeLimit)
struct EndToEndSitesTests {
  /// An AASA naming one app per site, so each answer tells which site gave it.
  static func aasa(app: String) -> String {
    #"{"applinks":{"details":[{"appIDs":["D3KQX62K1A.com.example.\#(app)"],"components":[{"/":"/\#(app)/*"}]}]}}"#
  }

  static let aasaPath = "/.well-known/apple-app-site-association"

  /// A folder of sites, one per name, each serving `aasa(app: name's first label)`.
  static func sites(_ names: [String]) throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(label: "sites")
    for name in names {
      try directory.write("sites/\(name)\(aasaPath)", aasa(app: app(for: name)))
    }
    return directory
  }

  static func app(for name: String) -> String {
    name == "_default" ? "fallback" : String(name.split(separator: ".").first ?? "")
  }

  static func start(_ directory: TemporaryDirectory, _ extra: [String] = []) async throws
    -> ServerProcess
  {
    try await ServerProcess(
      [
        "--sites", directory.path + "/sites", "--port", "0", "--self-signed",
        "--watch-interval", "0.2", "--settle-time", "0.5",
      ] + extra)
  }

  /// A request for `host`, resolved to the server the way a CDN's fetcher reaches it.
  static func get(
    _ server: ServerProcess, host: String, path: String = aasaPath, _ extra: [String] = []
  ) async throws -> CurlResponse {
    try CurlResponse(
      await curl(
        ["-k", "--resolve", "\(host):\(server.port):127.0.0.1"] + extra,
        "https://\(host):\(server.port)\(path)"))
  }

  @Test func eachHostGetsItsOwnSiteOverHTTP1AndHTTP2() async throws {
    let directory = try Self.sites(["apple.example", "banana.example", "cherry.example"])
    let server = try await Self.start(directory)
    #expect(server.output.contains("serving 3 site(s)"))
    for host in ["apple.example", "banana.example", "cherry.example"] {
      for version in ["--http1.1", "--http2"] {
        let response = try await Self.get(server, host: host, [version])
        #expect(response.status == 200, "\(host) \(version)")
        #expect(response.body == Self.aasa(app: Self.app(for: host)), "\(host) \(version)")
      }
    }
  }

  @Test func hostsMatchWhateverTheirCasePortOrTrailingDot() async throws {
    let directory = try Self.sites(["apple.example", "banana.example"])
    let server = try await Self.start(directory)
    // curl sends the port in Host when it is not 443, and keeps the trailing dot and the case.
    for host in ["APPLE.Example", "apple.example."] {
      let response = try await Self.get(server, host: host, ["--http1.1"])
      #expect(response.body == Self.aasa(app: "apple"), "\(host)")
    }
    let explicit = try CurlResponse(
      await curl(
        ["-k", "--http1.1", "-H", "Host: Banana.EXAMPLE.:8443"],
        server.url(Self.aasaPath)))
    #expect(explicit.body == Self.aasa(app: "banana"))
  }

  @Test func anUnknownHostGets421() async throws {
    let directory = try Self.sites(["apple.example"])
    let server = try await Self.start(directory)
    #expect(server.output.contains("other hosts get 421"))
    for version in ["--http1.1", "--http2"] {
      let response = try await Self.get(server, host: "unknown.example", [version])
      #expect(response.status == 421, "\(version)")
      #expect(response.headers["cache-control"] == "no-store")
    }
    // An IP address names no site either.
    #expect(try await CurlResponse(curl(["-k"], server.url(Self.aasaPath))).status == 421)
  }

  /// The access line of the request sent with `agent`, once it is written.
  static func accessLine(_ server: ServerProcess, agent: String) async throws -> String {
    try await waitUntil(timeout: 10, "the access line of \(agent)") {
      server.output.contains(agent)
    }
    return try #require(
      server.output.split(separator: "\n").first { $0.contains(agent) }.map(String.init))
  }

  @Test(arguments: ["text", "json"])
  func theAccessLogNamesTheHostAsked(format: String) async throws {
    let directory = try Self.sites(["apple.example"])
    let server = try await Self.start(directory, ["--log-format", format])
    /// The `host` field of a line, as written: quoted when it needs quotes in text.
    func host(_ line: String) throws -> String? {
      guard format == "json" else {
        return line.split(separator: " ").first { $0.hasPrefix("host=") }.map {
          String($0.dropFirst(5))
        }
      }
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return object["host"] as? String
    }
    for (version, agent) in [("--http1.1", "h1-host-probe"), ("--http2", "h2-host-probe")] {
      // curl sends the Host field as HTTP/2's :authority.
      _ = try await curl(
        ["-k", version, "-A", agent, "-H", "Host: Apple.Example.:\(server.port)"],
        server.url(Self.aasaPath))
      // The site key: lower case, without the port and the trailing dot.
      #expect(try await host(Self.accessLine(server, agent: agent)) == "apple.example", "\(agent)")
    }
    // A host no site answers (421): the host asked, which says why.
    _ = try await curl(
      ["-k", "-A", "nobody-probe", "-H", "Host: nobody.example"], server.url(Self.aasaPath))
    let nobody = try await Self.accessLine(server, agent: "nobody-probe")
    #expect(nobody.contains("421"), "\(nobody)")
    #expect(try host(nobody) == "nobody.example", "\(nobody)")
    // The client's words, escaped: a bidirectional override never reaches the log raw. (Over
    // HTTP/1.1: nghttp2 resets an HTTP/2 stream whose :authority holds it, before any answer.)
    _ = try await curl(
      ["-k", "--http1.1", "-A", "escape-probe", "-H", "Host: evil\u{202E}elpmaxe.example"],
      server.url(Self.aasaPath))
    let escaped = try await Self.accessLine(server, agent: "escape-probe")
    #expect(!escaped.unicodeScalars.contains("\u{202E}"), "\(escaped)")
    #expect(
      try host(escaped)
        == (format == "json" ? "evil\u{202E}elpmaxe.example" : #"evil\u{202E}elpmaxe.example"#),
      "\(escaped)")
  }

  @Test func theDefaultSiteAnswersUnknownHosts() async throws {
    let directory = try Self.sites(["apple.example", "_default"])
    let server = try await Self.start(directory)
    #expect(try await Self.get(server, host: "unknown.example").body == Self.aasa(app: "fallback"))
    #expect(try await Self.get(server, host: "apple.example").body == Self.aasa(app: "apple"))
  }

  @Test func aBrokenSiteIsRefusedAndTheOthersAreServed() async throws {
    let directory = try Self.sites(["apple.example", "banana.example"])
    try directory.write("sites/broken.example\(Self.aasaPath)", Fixtures.brokenAASA)
    let server = try await Self.start(directory)
    #expect(server.output.contains("not serving the site broken.example"))
    #expect(try await Self.get(server, host: "broken.example").status == 421)
    #expect(try await Self.get(server, host: "apple.example").status == 200)

    // A broken update of one site keeps its last good version, and another site's update is
    // taken all the same.
    try directory.replace("sites/apple.example\(Self.aasaPath)", Fixtures.brokenAASA)
    try directory.replace("sites/banana.example\(Self.aasaPath)", Self.aasa(app: "updated"))
    try await waitUntil(timeout: 10, "banana's update") {
      try await Self.get(server, host: "banana.example").body == Self.aasa(app: "updated")
    }
    try await waitUntil(timeout: 10, "apple's refusal") {
      server.output.contains("refusing the new version of apple.example\(Self.aasaPath)")
    }
    #expect(try await Self.get(server, host: "apple.example").body == Self.aasa(app: "apple"))

    // Fixed, the broken site is served.
    try directory.replace("sites/broken.example\(Self.aasaPath)", Self.aasa(app: "fixed"))
    try await waitUntil(timeout: 10, "the fixed site") {
      try await Self.get(server, host: "broken.example").body == Self.aasa(app: "fixed")
    }
  }

  @Test func eachSiteIsCheckedAgainstItsOwnDomainAndUnreachableFoldersAreNamed() async throws {
    let directory = try Self.sites(["apple.example", "banana.example"])
    // The same file on two sites: only on its own site does the include name the file itself.
    let selfInclude = #"[{"include": "https://apple.example/.well-known/assetlinks.json"}]"#
    for site in ["apple.example", "banana.example"] {
      try directory.write("sites/\(site)/.well-known/assetlinks.json", selfInclude)
    }
    try directory.write("sites/Cherry.example\(Self.aasaPath)", Self.aasa(app: "cherry"))
    let server = try await Self.start(directory)
    let ownFile = directory.path + "/sites/apple.example/.well-known/assetlinks.json:1:14"
    #expect(server.output.contains("\(ownFile): warning: the include URL"))
    #expect(server.output.contains("[ASL027]"))
    #expect(!server.output.contains("banana.example/.well-known/assetlinks.json:1:14"))
    #expect(
      server.output.contains(
        "not serving the folder \(directory.path)/sites/Cherry.example: host names are matched in lower case: name the folder cherry.example"
      ))
    #expect(
      try await Self.get(server, host: "apple.example", path: "/.well-known/assetlinks.json").status
        == 200)

    // A folder that appears at run time with a name no request can reach is named once.
    try directory.write("sites/caf\u{E9}.example\(Self.aasaPath)", Self.aasa(app: "cafe"))
    try await waitUntil(timeout: 10, "the IDN folder's report") {
      server.output.contains("name the folder xn--caf-dma.example")
    }
    try await Task.sleep(for: .seconds(1))
    #expect(server.output.components(separatedBy: "name the folder xn--caf-dma.example").count == 2)
  }

  @Test func siteFoldersAddedAndRemovedAtRunTime() async throws {
    let directory = try Self.sites(["apple.example"])
    let server = try await Self.start(directory)
    #expect(try await Self.get(server, host: "new.example").status == 421)
    try directory.write("sites/new.example\(Self.aasaPath)", Self.aasa(app: "new"))
    try await waitUntil(timeout: 10, "the new site") {
      try await Self.get(server, host: "new.example").status == 200
    }
    #expect(try await Self.get(server, host: "new.example").body == Self.aasa(app: "new"))
    #expect(server.output.contains("serving the new site new.example"))

    try FileManager.default.removeItem(atPath: directory.path + "/sites/apple.example")
    try await waitUntil(timeout: 10, "the removal") {
      try await Self.get(server, host: "apple.example").status == 421
    }
    #expect(server.output.contains("the site apple.example was removed"))
    #expect(try await Self.get(server, host: "new.example").status == 200)
  }

  @Test func rootAndSitesAreExclusive() async throws {
    let directory = try Self.sites(["apple.example"])
    for arguments in [
      ["--port", "0"], ["--root", directory.path, "--sites", directory.path, "--port", "0"],
    ] {
      let server = try await ServerProcess(arguments, expectFailure: true)
      #expect(try await server.waitForExit() == 2)
      #expect(server.stderr.text.contains("--root DIR"))
    }
  }
}

import Foundation
import TestSupport
import Testing

/// The Kubernetes manifests of docs/aasa-serve.md work: the image is the one the repository's
/// Dockerfile builds and the command is aasa-serve (the image's entry point is aasa-lint), and the
/// container's own command line, started here with its paths mapped to a temporary folder and its
/// ports to free loopback ports, answers the kubelet's probes on the port they name and serves the
/// site on the port the Service targets.
@Suite("aasa-serve: the Kubernetes manifests of the docs", .programsTimeLimit)
struct KubernetesManifestTests {
  /// One Deployment's container, as the doc writes it.
  struct Container {
    var image: String
    var command: [String]
    var args: [String]
    /// containerPort by name.
    var ports: [String: Int]
    /// (path, port name) of the readiness and liveness probes.
    var probes: [(path: String, port: String)]
    var mountPaths: [String]
    var serviceTargetPorts: [String]
  }

  static func section() throws -> String {
    let doc = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent("docs/aasa-serve.md"),
      encoding: .utf8)
    // The heading itself, not "### Kubernetes: cert-manager instead".
    let start = try #require(doc.range(of: "\n### Kubernetes\n"))
    let rest = doc[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return String(rest[..<end])
  }

  /// The ```yaml blocks of the section.
  static func blocks() throws -> [String] {
    try section().components(separatedBy: "```yaml\n").dropFirst().map {
      $0.components(separatedBy: "\n```").first ?? ""
    }
  }

  /// The JSON flow sequence after `key:`, which may span lines (`args: ["a",\n "b"]`).
  static func sequence(_ key: String, in block: String) throws -> [String] {
    let start = try #require(block.range(of: "\(key): ["), "no \(key) in the manifest")
    let open = block.index(before: start.upperBound)
    let close = try #require(block[open...].firstIndex(of: "]"))
    let json = String(block[open...close]).replacingOccurrences(of: "\n", with: " ")
    return try JSONDecoder().decode([String].self, from: Data(json.utf8))
  }

  static func container(_ block: String) throws -> Container {
    let image = try #require(block.firstMatch(of: /image: (\S+)/)).1
    var ports: [String: Int] = [:]
    for match in block.matches(of: /\{name: ([\w-]+), containerPort: (\d+)\}/) {
      ports[String(match.1)] = Int(match.2)
    }
    let probes = block.matches(of: /httpGet: \{path: (\S+), port: ([\w-]+)\}/).map {
      (path: String($0.1), port: String($0.2))
    }
    let mounts = block.matches(of: /mountPath: (\S+?),/).map { String($0.1) }
    let targets = block.matches(of: /targetPort: ([\w-]+)\}/).map { String($0.1) }
    return Container(
      image: String(image), command: try sequence("command", in: block),
      args: try sequence("args", in: block), ports: ports, probes: probes, mountPaths: mounts,
      serviceTargetPorts: targets)
  }

  static func value(after flag: String, in args: [String]) -> String? {
    guard let index = args.firstIndex(of: flag), index + 1 < args.count else { return nil }
    return args[index + 1]
  }

  /// What the Dockerfile builds: its `docker build -t NAME` and its entry point.
  static func dockerfile() throws -> (name: String, entryPoint: String) {
    let text = try String(
      contentsOf: BuiltProducts.packageRoot.appendingPathComponent("Dockerfile"), encoding: .utf8)
    let name = try #require(text.firstMatch(of: /docker build -t ([\w.\/-]+)/)).1
    let entry = try #require(text.firstMatch(of: /ENTRYPOINT \["([\w-]+)"\]/)).1
    return (String(name), String(entry))
  }

  @Test("Both manifests: the repository's image, aasa-serve as command, --root, 0.0.0.0, --admin")
  func staticShape() throws {
    let blocks = try Self.blocks()
    #expect(blocks.count == 2)
    let docker = try Self.dockerfile()
    for block in blocks {
      let container = try Self.container(block)
      #expect(container.image.split(separator: ":").first.map(String.init) == docker.name)
      if docker.entryPoint != "aasa-serve" { #expect(container.command == ["aasa-serve"]) }
      #expect(Self.value(after: "--root", in: container.args) != nil)
      #expect(Self.value(after: "--host", in: container.args) == "0.0.0.0")
      let admin = try #require(Self.value(after: "--admin", in: container.args))
      #expect(admin == "0.0.0.0:\(container.ports["admin"] ?? -1)")
      #expect(!container.probes.isEmpty)
      #expect(container.probes.allSatisfy { container.ports[$0.port] != nil })
      for target in container.serviceTargetPorts {
        #expect(
          container.ports[target].map(String.init)
            == Self.value(after: "--port", in: container.args))
      }
      let root = try #require(Self.value(after: "--root", in: container.args))
      #expect(container.mountPaths.contains(root + "/.well-known"))
    }
  }

  @Test("Each container's command line starts and answers the kubelet's probes", arguments: [0, 1])
  func startsAndAnswersProbes(block index: Int) async throws {
    let blocks = try Self.blocks()
    try #require(blocks.count > index)
    let container = try Self.container(blocks[index])
    let folder = try TemporaryDirectory(label: "kubernetes")
    // The ConfigMap's keys, mounted at the site's .well-known.
    try folder.write("site/.well-known/apple-app-site-association", Fixtures.aasa)
    try folder.write("site/.well-known/assetlinks.json", Fixtures.assetLinks)
    let certificate = try folder.writeCertificate()
    var arguments: [String] = []
    var iterator = container.args.makeIterator()
    while let argument = iterator.next() {
      arguments.append(argument)
      guard let value = iterator.next() else { break }
      switch argument {
      case "--root": arguments.append(folder.path + "/site")
      case "--host": arguments.append("127.0.0.1")
      case "--port": arguments.append("0")
      case "--admin": arguments.append("127.0.0.1:0")
      case "--tls-cert": arguments.append(certificate.certificate)
      case "--tls-key": arguments.append(certificate.key)
      default: arguments.append(value)
      }
    }
    let server = try await ServerProcess(arguments)
    let admin = try #require(
      server.output.firstMatch(of: /admin on http:\/\/127\.0\.0\.1:(\d+)/)
    ).1
    // The kubelet: an HTTP GET of the probe's path on the port it names; 200-399 passes.
    for probe in container.probes {
      #expect(probe.port == "admin")
      let response = try await CurlResponse(curl([], "http://127.0.0.1:\(admin)\(probe.path)"))
      #expect((200..<400).contains(response.status), "\(probe.path): \(response.status)")
    }
    // The Service's target: the site itself.
    let site = try await CurlResponse(
      curl(["-k"], server.url("/.well-known/apple-app-site-association")))
    #expect(site.status == 200)
  }
}

import AASAAndroidSigning
import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

/// APKs built now by aapt and aapt2 from ``APKTestManifest``: the compiled manifest reads as
/// `aapt dump xmltree` shows it, and as the source manifest it came from reads (the same hosts
/// at the same lines, the same routes for the same URLs).
@Suite(.enabled(if: AndroidAppBuilder.unavailable == nil, "\(AndroidAppBuilder.unavailable ?? "")"))
struct CompiledManifestTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory(label: "apk") }

  func build(_ tool: AndroidAppBuilder.Tool) async throws -> String {
    try await AndroidAppBuilder.build(
      "app-\(tool.rawValue)", manifest: APKTestManifest.source, strings: APKTestManifest.strings,
      tool: tool, in: directory)
  }

  /// One element as `aapt dump xmltree` prints it: `E: name (line=N)`, then `A: name=value`.
  struct DumpedElement: Equatable, CustomStringConvertible {
    var name: String
    var line: Int
    var attributes: [String]
    var description: String { "\(name) (line=\(line)) \(attributes)" }
  }

  /// The elements of aapt's dump, each attribute as `android:host=@0x7f020001` (its resource ID
  /// dropped, a string's `(Raw: …)` dropped).
  static func parseDump(_ dump: String) -> [DumpedElement] {
    var elements: [DumpedElement] = []
    for rawLine in dump.split(separator: "\n") {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("E: "), let open = line.range(of: " (line=") {
        let name = String(line.dropFirst(3)[..<open.lowerBound])
        let number = Int(line[open.upperBound...].dropLast()) ?? -1
        elements.append(DumpedElement(name: name, line: number, attributes: []))
      } else if line.hasPrefix("A: "), let equals = line.firstIndex(of: "=") {
        var name = String(line.dropFirst(3)[..<equals])
        if let id = name.firstIndex(of: "(") { name = String(name[..<id]) }
        var value = String(line[line.index(after: equals)...])
        if let raw = value.range(of: " (Raw: ") { value = String(value[..<raw.lowerBound]) }
        elements[elements.count - 1].attributes.append("\(name)=\(value)")
      }
    }
    return elements
  }

  /// The reader's elements written as aapt writes them.
  static func elements(of document: BinaryXMLDocument) throws -> [DumpedElement] {
    let prefixes = Dictionary(
      document.namespaces.map { ($0.uri, $0.prefix) }, uniquingKeysWith: { first, _ in first })
    var elements: [DumpedElement] = []
    for event in document.events {
      guard case .start(_, let name, let line, let attributes) = event else { continue }
      let written = try attributes.map { attribute in
        let prefix = attribute.namespace.map { (prefixes[$0] ?? $0) + ":" } ?? ""
        let value = attribute.value
        let shown: String
        switch value.type {
        case TypedValue.string:
          shown = "\"\(try document.strings.string(value.data) ?? "")\""
        case TypedValue.reference:
          shown = "@0x" + String(format: "%08x", value.data)
        default:
          shown = "(type 0x\(String(value.type, radix: 16)))0x\(String(value.data, radix: 16))"
        }
        return "\(prefix)\(attribute.name)=\(shown)"
      }
      elements.append(DumpedElement(name: name, line: line, attributes: written))
    }
    return elements
  }

  @Test(arguments: AndroidAppBuilder.Tool.allCases)
  func theReaderSeesWhatAaptDumps(_ tool: AndroidAppBuilder.Tool) async throws {
    let apk = try await build(tool)
    let expected = Self.parseDump(try await AndroidAppBuilder.dumpXMLTree(apk))
    let (manifest, _) = try AndroidAppArchive.compiledEntries(atPath: apk)
    let actual = try Self.elements(of: try BinaryXMLDocument(manifest))
    #expect(expected.count == 23, "\(expected)")
    #expect(actual == expected)
  }

  @Test(arguments: AndroidAppBuilder.Tool.allCases)
  func anAPKReadsAsItsSourceManifest(_ tool: AndroidAppBuilder.Tool) async throws {
    let apk = try await build(tool)
    let compiled = try AndroidAppArchive.manifest(atPath: apk)
    var sourceResources = ManifestResources()
    sourceResources.addValues(
      fromXML: Array(
        try Data(
          contentsOf: directory.url.appendingPathComponent("app-\(tool)/res/values/strings.xml"))))
    let source = Array(APKTestManifest.source.utf8)
    let fromSource = AndroidManifestFile.read(source, resources: sourceResources)
    let fromAPK = AndroidManifestFile.read(compiled.source, resources: compiled.resources)

    // The references were resolved through resources.arsc, not kept as written.
    #expect(
      fromAPK.hosts.map(\.declared) == [
        "shop.example.com", "www.example.com", "offers.example.com", "*.deals.example.com",
      ])
    #expect(fromAPK.hosts.map(\.line) == [10, 11, 20, 21])
    #expect(fromAPK.package == APKTestManifest.package)
    #expect(fromAPK.hosts == fromSource.hosts)
    #expect(fromAPK.dropped == fromSource.dropped)
    #expect(fromAPK.legacyOnlyHosts == fromSource.legacyOnlyHosts)
    #expect(fromAPK.diagnostics.map(\.code) == fromSource.diagnostics.map(\.code))

    let apkRouter = ManifestRouter(manifest: compiled.source, resources: compiled.resources)
    let sourceRouter = ManifestRouter(manifest: source, resources: sourceResources)
    for url in APKTestManifest.urls {
      let (apkRoute, sourceRoute) = (apkRouter.route(url), sourceRouter.route(url))
      #expect(apkRoute.decision == sourceRoute.decision, "\(url)")
      #expect(apkRoute.match?.activity == sourceRoute.match?.activity, "\(url)")
      #expect(apkRoute.match?.filterLocation.line == sourceRoute.match?.filterLocation.line)
      #expect(apkRoute.hostIsVerified == sourceRoute.hostIsVerified, "\(url)")
    }
    #expect(
      apkRouter.route("https://shop.example.com/products/42").match?.activity == ".ProductActivity")
    #expect(
      apkRouter.route("https://a.deals.example.com/offer").match?.activity == ".OfferActivity")
  }
}

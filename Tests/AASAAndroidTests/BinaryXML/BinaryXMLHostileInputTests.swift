import AASAAndroidSigning
import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

/// Compiled manifests and resource tables that lie: each is refused in words, or read within
/// its bounds, never read past its end.
struct BinaryXMLHostileInputTests {
  static func manifest(utf8: Bool = false, line: UInt32 = 3) -> [UInt8] {
    var builder = BinaryXMLBuilder()
    builder.utf8 = utf8
    builder.namespace(prefix: "android", uri: BinaryXMLBuilder.android)
    builder.start("manifest", line: 2, [("package", "com.example.app")])
    builder.start("application", line: line)
    builder.start("activity", line: line + 1, [("name", ".Main")])
    builder.start("intent-filter", line: line + 2, [("autoVerify", "true")])
    builder.start("action", line: line + 3, [("name", "android.intent.action.VIEW")])
    builder.end("action")
    builder.start("category", line: line + 4, [("name", "android.intent.category.BROWSABLE")])
    builder.end("category")
    builder.start("category", line: line + 5, [("name", "android.intent.category.DEFAULT")])
    builder.end("category")
    builder.start("data", line: line + 6, [("scheme", "https"), ("host", "shop.example.com")])
    builder.end("data")
    for name in ["intent-filter", "activity", "application", "manifest"] { builder.end(name) }
    return builder.bytes
  }

  @Test(arguments: [false, true])
  func aHandWrittenManifestReadsInEitherEncoding(_ utf8: Bool) throws {
    let compiled = try CompiledManifest(manifest: Self.manifest(utf8: utf8), resourceTable: nil)
    let report = AndroidManifestFile.read(compiled.source, resources: compiled.resources)
    #expect(report.package == "com.example.app")
    #expect(report.hosts.map(\.host) == ["shop.example.com"])
    #expect(report.hosts.map(\.line) == [9])
  }

  /// Every prefix of a valid file: a clean error (or, for none, a manifest), never a trap.
  @Test func everyTruncationIsRefusedInWords() throws {
    let bytes = Self.manifest()
    var refused = 0
    for length in 0..<bytes.count {
      var truncated = Array(bytes.prefix(length))
      // As cut, and with the file's size made to agree, so that the cut is met inside.
      for agreeing in [false, true] {
        if agreeing, length >= 8 {
          truncated.replaceSubrange(4..<8, with: BinaryXMLBuilder.u32(UInt32(length)))
        }
        do {
          _ = try CompiledManifest(manifest: truncated, resourceTable: nil)
        } catch {
          refused += 1
          #expect(!error.description.isEmpty)
        }
      }
    }
    #expect(refused == 2 * bytes.count)
  }

  /// The string pool's count is the fourth word of its header (at byte 8 + 8).
  @Test func aHugeStringCountIsRefused() throws {
    var bytes = Self.manifest()
    bytes.replaceSubrange(16..<20, with: BinaryXMLBuilder.u32(0xFFFF_FFFF))
    #expect(throws: BinaryResourceError.self) {
      try CompiledManifest(manifest: bytes, resourceTable: nil)
    }
    do {
      _ = try CompiledManifest(manifest: bytes, resourceTable: nil)
    } catch {
      #expect(error.description.contains("claims 4294967295 strings"), "\(error)")
    }
  }

  @Test func aChunkSizePastTheEndIsRefused() throws {
    var bytes = Self.manifest()
    bytes.replaceSubrange(4..<8, with: BinaryXMLBuilder.u32(UInt32(bytes.count + 1)))
    do {
      _ = try CompiledManifest(manifest: bytes, resourceTable: nil)
      Issue.record("read a file whose size is past its end")
    } catch {
      #expect(error.description == "the chunk at byte 0 runs past the end of its data")
    }
  }

  @Test func anAttributeCountPastTheChunkIsRefused() throws {
    var builder = BinaryXMLBuilder()
    builder.start("manifest", line: 1, [("package", "a.b")])
    builder.end("manifest")
    var bytes = builder.bytes
    // The start element's attributeCount: after the pool, its 16-byte header and 12 bytes.
    let start = 8 + builder.pool.count
    bytes.replaceSubrange(start + 28..<start + 30, with: BinaryXMLBuilder.u16(0xFFFF))
    do {
      _ = try CompiledManifest(manifest: bytes, resourceTable: nil)
      Issue.record("read 65535 attributes from one")
    } catch {
      #expect(error.description.contains("claims 65535 attributes"), "\(error)")
    }
  }

  @Test func nestingPastTheBoundIsRefused() throws {
    var builder = BinaryXMLBuilder()
    for _ in 0..<300 { builder.start("manifest") }
    for _ in 0..<300 { builder.end("manifest") }
    do {
      _ = try CompiledManifest(manifest: builder.bytes, resourceTable: nil)
      Issue.record("read 300 nested elements")
    } catch {
      #expect(error.description.hasPrefix("the binary XML nests elements over 256 deep"))
    }
  }

  @Test func tooManyElementsAreRefused() throws {
    var builder = BinaryXMLBuilder()
    builder.start("manifest")
    for _ in 0..<BinaryXMLDocument.maximumElements { builder.start("a"); builder.end("a") }
    builder.end("manifest")
    #expect(throws: BinaryResourceError.self) {
      try CompiledManifest(manifest: builder.bytes, resourceTable: nil)
    }
  }

  /// A line number of four billion writes no gigabytes of newlines.
  @Test func aHugeLineNumberIsBounded() throws {
    let compiled = try CompiledManifest(
      manifest: Self.manifest(line: 0xFFFF_FF00), resourceTable: nil)
    #expect(compiled.source.count < 2 * CompiledManifest.maximumBlankLines + 4096)
    let report = AndroidManifestFile.read(compiled.source, resources: compiled.resources)
    #expect(report.hosts.map(\.host) == ["shop.example.com"])
  }

  /// Names and values that XML cannot hold as written are written so that it can.
  @Test func markupInNamesAndValuesStaysWellFormed() throws {
    var builder = BinaryXMLBuilder()
    builder.namespace(prefix: "android", uri: BinaryXMLBuilder.android)
    builder.start("manifest", line: 1, [("package", "a\"<&>\u{1}b")])
    // A combining mark may continue a name, never start one (fuzz finding B3).
    builder.start("bad name<", line: 2, [("x y", "\u{0}"), ("\u{0363}ompile", "1")])
    builder.end("bad name<")
    builder.end("manifest")
    let compiled = try CompiledManifest(manifest: builder.bytes, resourceTable: nil)
    let report = AndroidManifestFile.read(compiled.source, resources: compiled.resources)
    #expect(
      !report.diagnostics.contains { $0.code == .AndroidManifest.notWellFormed },
      "\(String(decoding: compiled.source, as: UTF8.self))")
    #expect(report.package == "a\"<&>\u{FFFD}b")
  }

  /// Namespaces whose URIs XML refuses (empty, not a URI) are not written: the text stays well
  /// formed and Android's attributes keep their meaning (fuzz finding B1).
  @Test func namespacesWithInvalidURIsAreNotWritten() throws {
    var builder = BinaryXMLBuilder()
    builder.namespace(prefix: "android", uri: BinaryXMLBuilder.android)
    builder.namespace(prefix: "app", uri: "")
    builder.namespace(prefix: "odd", uri: "http://sch\u{2F65}mas.example/\u{0}")
    builder.start("manifest", line: 1, [("package", "a.b")])
    builder.end("manifest")
    let compiled = try CompiledManifest(manifest: builder.bytes, resourceTable: nil)
    let report = AndroidManifestFile.read(compiled.source, resources: compiled.resources)
    #expect(
      !report.diagnostics.contains { $0.code == .AndroidManifest.notWellFormed },
      "\(String(decoding: compiled.source, as: UTF8.self))")
    #expect(report.package == "a.b")
  }

  /// Every prefix and a few corruptions of a real resource table.
  @Test func brokenResourceTablesAreRefusedInWords() throws {
    // A table with one package holding no types: header, empty pool, package.
    let pool = BinaryXMLBuilder().pool
    var package = BinaryXMLBuilder.u32(0x7F) + [UInt8](repeating: 0, count: 256)
    package += BinaryXMLBuilder.u32(288) + BinaryXMLBuilder.u32(0)
    package += BinaryXMLBuilder.u32(288 + UInt32(pool.count)) + BinaryXMLBuilder.u32(0)
    package += BinaryXMLBuilder.u32(0)
    let packageChunk = BinaryXMLBuilder.chunk(0x0200, header: package, body: pool + pool)
    let table = BinaryXMLBuilder.chunk(
      0x0002, header: BinaryXMLBuilder.u32(1), body: pool + packageChunk)
    _ = try ResourceTable(table)
    for length in 0..<table.count {
      #expect(throws: BinaryResourceError.self) { try ResourceTable(Array(table.prefix(length))) }
    }
    do {
      _ = try CompiledManifest(manifest: Self.manifest(), resourceTable: [1, 2, 3, 4, 5, 6, 7, 8])
      Issue.record("read a table of eight bytes")
    } catch {
      #expect(error.description.hasPrefix("resources.arsc: "), "\(error)")
    }
  }
}

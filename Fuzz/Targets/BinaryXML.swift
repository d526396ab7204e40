// binary-xml: the hand-written readers of an APK's compiled manifest (Android binary XML) and
// resource table (`resources.arsc`), and the source XML the manifest is written back as.
//
// Input: a 16-bit little-endian length N, N bytes of binary XML, then a resource table (none
// when nothing follows); the whole input is also read as a table on its own. Checks: the readers
// fail with an error rather than a trap or an over-read; the XML written back is always well
// formed (the manifest reader never reports it not well formed); every reference resolves to a
// name or to nothing, within the probe budget.

import AASACore

@testable import AASAAndroid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let length = size >= 2 ? min(Int(bytes[0]) | Int(bytes[1]) << 8, size - 2) : 0
  let manifest = Array(bytes.dropFirst(2).prefix(length))
  let table = Array(bytes.dropFirst(2 + length))
  if let compiled = try? CompiledManifest(
    manifest: manifest, resourceTable: table.isEmpty ? nil : table)
  {
    require(
      compiled.source.count <= CompiledManifest.maximumTextSize + 1, "text over the bound")
    let report = AndroidManifestFile.read(compiled.source, resources: compiled.resources)
    for diagnostic in report.diagnostics where diagnostic.code == .AndroidManifest.notWellFormed {
      fatalError(
        "fuzz invariant: the written XML is not well formed: \(diagnostic.message)\n"
          + String(decoding: compiled.source.prefix(2000), as: UTF8.self))
    }
  }
  if var resolver = try? ResourceTable(bytes).resolver() {
    for id: UInt32 in [0x7F01_0000, 0x7F01_0001, 0x7F02_0000, 0x7F02_0001, 0x7F03_0000] {
      if let resolved = resolver.resolve(id) {
        require(!resolved.type.isEmpty && !resolved.name.isEmpty, "a nameless resource")
      }
    }
  }
  return 0
}

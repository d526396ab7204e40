// macho: read the entitlements of a Mach-O executable's code signature.
//
// Input: any bytes, read as a Mach-O or universal binary. Checks: reading never traps, never reads
// outside the input, and stays bounded (load commands, blobs and slices); entitlements found are a
// part of the input, and only when the input starts like a Mach-O file.

import AASABuiltApp

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let entitlements = try? MachOSignature.entitlements(in: bytes) else { return 0 }
  require(MachOSignature.looksLikeMachO(bytes), "entitlements from something not Mach-O")
  require(entitlements.count <= bytes.count, "entitlements larger than the file")
  if !entitlements.isEmpty {
    let found = bytes.indices.contains { start in
      start + entitlements.count <= bytes.count
        && bytes[start..<(start + entitlements.count)].elementsEqual(entitlements)
    }
    require(found, "entitlements that are not in the file")
  }
  return 0
}

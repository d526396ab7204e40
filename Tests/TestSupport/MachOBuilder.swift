/// Mach-O executables written byte by byte, for tests of reading a code signature without Apple's
/// tools: a 64-bit little-endian header, one `LC_CODE_SIGNATURE` load command, and a SuperBlob
/// holding a placeholder CodeDirectory and the entitlements blob (`0xfade7171`).
public enum MachOBuilder {
  /// A thin arm64 executable signed with `entitlements` (an XML plist), or unsigned.
  public static func executable(entitlements: [UInt8]?) -> [UInt8] {
    var bytes: [UInt8] = []
    let signature = entitlements.map(superBlob)
    // mach_header_64: magic, cputype (arm64), cpusubtype, filetype (execute), ncmds, sizeofcmds,
    // flags, reserved.
    appendLittle(&bytes, 0xFEED_FACF)
    appendLittle(&bytes, 0x0100_000C)
    appendLittle(&bytes, 0)
    appendLittle(&bytes, 2)
    appendLittle(&bytes, signature == nil ? 0 : 1)
    appendLittle(&bytes, signature == nil ? 0 : 16)
    appendLittle(&bytes, 0)
    appendLittle(&bytes, 0)
    guard let signature else { return bytes + [UInt8](repeating: 0, count: 64) }
    // linkedit_data_command: cmd, cmdsize, dataoff, datasize.
    let dataOffset = 32 + 16 + 16  // header, the command, some padding
    appendLittle(&bytes, 0x1D)
    appendLittle(&bytes, 16)
    appendLittle(&bytes, UInt32(dataOffset))
    appendLittle(&bytes, UInt32(signature.count))
    bytes += [UInt8](repeating: 0, count: dataOffset - bytes.count)
    return bytes + signature
  }

  /// A universal binary of `slices`, each at a 16-byte aligned offset.
  public static func universal(_ slices: [[UInt8]]) -> [UInt8] {
    var header: [UInt8] = []
    appendBig(&header, 0xCAFE_BABE)
    appendBig(&header, UInt32(slices.count))
    var offset = 8 + 20 * slices.count
    offset = (offset + 15) / 16 * 16
    var body: [UInt8] = []
    for slice in slices {
      appendBig(&header, 0x0100_000C)
      appendBig(&header, 0)
      appendBig(&header, UInt32(offset + body.count))
      appendBig(&header, UInt32(slice.count))
      appendBig(&header, 4)
      body += slice
      body += [UInt8](repeating: 0, count: (16 - slice.count % 16) % 16)
    }
    header += [UInt8](repeating: 0, count: offset - header.count)
    return header + body
  }

  /// A SuperBlob (`0xfade0cc0`, big-endian) with a CodeDirectory placeholder and the
  /// entitlements blob.
  static func superBlob(_ entitlements: [UInt8]) -> [UInt8] {
    var codeDirectory: [UInt8] = []
    appendBig(&codeDirectory, 0xFADE_0C02)
    appendBig(&codeDirectory, 8)
    var entitlementsBlob: [UInt8] = []
    appendBig(&entitlementsBlob, 0xFADE_7171)
    appendBig(&entitlementsBlob, UInt32(8 + entitlements.count))
    entitlementsBlob += entitlements
    let headerSize = 12 + 2 * 8
    var blob: [UInt8] = []
    appendBig(&blob, 0xFADE_0CC0)
    appendBig(&blob, UInt32(headerSize + codeDirectory.count + entitlementsBlob.count))
    appendBig(&blob, 2)
    appendBig(&blob, 0)  // CSSLOT_CODEDIRECTORY
    appendBig(&blob, UInt32(headerSize))
    appendBig(&blob, 5)  // CSSLOT_ENTITLEMENTS
    appendBig(&blob, UInt32(headerSize + codeDirectory.count))
    return blob + codeDirectory + entitlementsBlob
  }

  static func appendLittle(_ bytes: inout [UInt8], _ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  static func appendBig(_ bytes: inout [UInt8], _ value: UInt32) {
    for shift in stride(from: 24, through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}

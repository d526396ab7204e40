/// The entitlements an app was signed with, read from its executable's code signature without
/// Apple's tools: the Mach-O's `LC_CODE_SIGNATURE` load command points at a SuperBlob (big-endian,
/// magic `0xfade0cc0`) whose index holds the entitlements blob (magic `0xfade7171`): the XML
/// property list `codesign -d --entitlements :-` prints. A universal ("fat") binary is read slice
/// by slice; the first slice with entitlements answers.
///
/// Bounded: every offset and length is checked against the file before it is used, load commands
/// are walked at most ``maximumLoadCommands`` times, the SuperBlob index at most
/// ``maximumBlobs`` entries, and fat binaries at most ``maximumSlices`` slices.
public enum MachOSignature {
  public static let maximumLoadCommands = 4_096
  public static let maximumBlobs = 256
  public static let maximumSlices = 32

  /// Why an executable's entitlements cannot be read.
  public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a Mach-O file (nor a universal one).
    case notMachO
    /// A Mach-O file whose headers point outside it.
    case truncated
    /// The executable carries no code signature: it was never signed (a simulator build?).
    case unsigned
    /// Signed, but with no entitlements blob: the app claims no entitlements at all.
    case noEntitlements

    public var description: String {
      switch self {
      case .notMachO: "it is not a Mach-O executable"
      case .truncated: "its Mach-O headers point outside the file (truncated or damaged)"
      case .unsigned: "the executable has no code signature (an unsigned or simulator build)"
      case .noEntitlements: "the executable's code signature has no entitlements"
      }
    }
  }

  static let fatMagic: UInt32 = 0xCAFE_BABE
  static let fatMagic64: UInt32 = 0xCAFE_BABF
  static let magic32: UInt32 = 0xFEED_FACE
  static let magic64: UInt32 = 0xFEED_FACF
  static let codeSignatureCommand: UInt32 = 0x1D
  static let superBlobMagic: UInt32 = 0xFADE_0CC0
  static let entitlementsMagic: UInt32 = 0xFADE_7171

  /// Whether the bytes start like a Mach-O or universal binary.
  public static func looksLikeMachO(_ bytes: [UInt8]) -> Bool {
    guard bytes.count >= 4 else { return false }
    let reader = OffsetReader(bytes: bytes)
    let big = (try? reader.uint32(at: 0, bigEndian: true)) ?? 0
    let little = (try? reader.uint32(at: 0, bigEndian: false)) ?? 0
    return [fatMagic, fatMagic64, magic32, magic64].contains(big)
      || [magic32, magic64].contains(little)
  }

  /// The entitlements property list's bytes.
  public static func entitlements(in bytes: [UInt8]) throws(Problem) -> [UInt8] {
    let reader = OffsetReader(bytes: bytes)
    guard let magic = try? reader.uint32(at: 0, bigEndian: true) else { throw .notMachO }
    if magic == fatMagic || magic == fatMagic64 {
      return try fatEntitlements(reader, wide: magic == fatMagic64)
    }
    return try sliceEntitlements(reader, at: 0, size: bytes.count)
  }

  /// Each slice of a universal binary, in order, until one has entitlements.
  static func fatEntitlements(_ reader: OffsetReader, wide: Bool) throws(Problem) -> [UInt8] {
    guard let count = try? reader.uint32(at: 4, bigEndian: true) else { throw .truncated }
    // Java class files share the magic; they give a version there, far above any slice count.
    guard count > 0, count <= maximumSlices else { throw .notMachO }
    var firstProblem: Problem?
    for index in 0..<Int(count) {
      let entry = 8 + index * (wide ? 32 : 20)
      let offset: Int
      let size: Int
      do {
        if wide {
          offset = Int(clamping: try reader.uint64(at: entry + 8, bigEndian: true))
          size = Int(clamping: try reader.uint64(at: entry + 16, bigEndian: true))
        } else {
          offset = Int(try reader.uint32(at: entry + 8, bigEndian: true))
          size = Int(try reader.uint32(at: entry + 12, bigEndian: true))
        }
      } catch {
        throw .truncated
      }
      do {
        return try sliceEntitlements(reader, at: offset, size: size)
      } catch {
        firstProblem = firstProblem ?? error
      }
    }
    throw firstProblem ?? .truncated
  }

  /// One thin Mach-O at `start`: its load commands, then the signature they point at.
  static func sliceEntitlements(_ reader: OffsetReader, at start: Int, size: Int) throws(Problem)
    -> [UInt8]
  {
    guard start >= 0, size >= 0, start <= reader.bytes.count, size <= reader.bytes.count - start
    else { throw .truncated }
    guard let raw = try? reader.uint32(at: start, bigEndian: false) else { throw .notMachO }
    // The magic as read little-endian: a big-endian file reads byte-swapped.
    let bigEndian = raw == magic32.byteSwapped || raw == magic64.byteSwapped
    let headerSize: Int
    switch raw {
    case magic32, magic32.byteSwapped: headerSize = 28
    case magic64, magic64.byteSwapped: headerSize = 32
    default: throw .notMachO
    }
    let commandCount: Int
    do {
      commandCount = Int(try reader.uint32(at: start + 16, bigEndian: bigEndian))
    } catch {
      throw .truncated
    }
    var offset = start + headerSize
    for _ in 0..<min(commandCount, maximumLoadCommands) {
      let command: UInt32
      let commandSize: Int
      do {
        command = try reader.uint32(at: offset, bigEndian: bigEndian)
        commandSize = Int(try reader.uint32(at: offset + 4, bigEndian: bigEndian))
      } catch {
        throw .truncated
      }
      guard commandSize >= 8, offset + commandSize <= start + size else { throw .truncated }
      if command == codeSignatureCommand {
        do {
          let dataOffset = Int(try reader.uint32(at: offset + 8, bigEndian: bigEndian))
          let dataSize = Int(try reader.uint32(at: offset + 12, bigEndian: bigEndian))
          guard dataOffset <= size, dataSize <= size - dataOffset else { throw Problem.truncated }
          let signature = try reader.slice(at: start + dataOffset, count: dataSize)
          return try superBlobEntitlements(Array(signature))
        } catch let problem as Problem {
          throw problem
        } catch {
          throw .truncated
        }
      }
      offset += commandSize
    }
    throw .unsigned
  }

  /// The entitlements blob's property list, from a code signature SuperBlob (always big-endian).
  static func superBlobEntitlements(_ bytes: [UInt8]) throws(Problem) -> [UInt8] {
    let reader = OffsetReader(bytes: bytes)
    do {
      guard try reader.uint32(at: 0, bigEndian: true) == superBlobMagic else {
        throw Problem.truncated
      }
      let length = Int(try reader.uint32(at: 4, bigEndian: true))
      guard length <= bytes.count else { throw Problem.truncated }
      let count = Int(try reader.uint32(at: 8, bigEndian: true))
      for index in 0..<min(count, maximumBlobs) {
        let blobOffset = Int(try reader.uint32(at: 12 + index * 8 + 4, bigEndian: true))
        guard blobOffset < length,
          try reader.uint32(at: blobOffset, bigEndian: true) == entitlementsMagic
        else { continue }
        let blobLength = Int(try reader.uint32(at: blobOffset + 4, bigEndian: true))
        guard blobLength >= 8, blobLength <= length - blobOffset else { throw Problem.truncated }
        return Array(try reader.slice(at: blobOffset + 8, count: blobLength - 8))
      }
    } catch let problem as Problem {
      throw problem
    } catch {
      throw .truncated
    }
    throw .noEntitlements
  }
}

import AASABuiltApp
import Foundation
import Testing

/// Property lists read behind the check for sets, which crash Foundation on Linux.
@Suite struct PropertyListReadingTests {
  /// A binary property list of the given objects (one-byte offsets and references), the first
  /// one the root.
  static func binaryList(_ objects: [[UInt8]]) -> [UInt8] {
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = bytes.count
    bytes += offsets
    bytes += [0, 0, 0, 0, 0, 0, 1, 1]
    for value in [objects.count, 0, table] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    return bytes
  }

  /// `{"k": {"a"}}`: a dictionary whose value is a set holding one string.
  static let dictionaryWithASet = binaryList([
    [0xD1, 0x01, 0x02], [0x51, UInt8(ascii: "k")], [0xC1, 0x03], [0x51, UInt8(ascii: "a")],
  ])

  /// Fuzz finding (target `entitlements`): these 53 bytes, as an entitlements file or a profile,
  /// stopped the process with a null pointer dereference inside swift-corelibs-foundation's
  /// `PropertyListSerialization` (bridging the set to `Set<AnyHashable>`). Now refused first.
  @Test func aBinaryListHoldingASetIsRefusedBeforeFoundationSeesIt() throws {
    let bytes = Self.dictionaryWithASet
    #expect(bytes.count == 53)
    #expect(PropertyListReading.binaryListHoldsASet(bytes))
    #expect(throws: ProvisioningProfile.Unreadable.self) { try Entitlements(plist: bytes) }
    #expect(throws: ProvisioningProfile.Unreadable.self) {
      try ProvisioningProfile(plist: bytes)
    }
    do {
      _ = try PropertyListReading.read(bytes)
      Issue.record("a set was read")
    } catch {
      #expect(error.reason.hasPrefix("a binary property list holding a set"))
    }
    // A set at the root, and an empty one: refused alike.
    #expect(PropertyListReading.binaryListHoldsASet(Self.binaryList([[0xC1, 0x01], [0x50]])))
    #expect(PropertyListReading.binaryListHoldsASet(Self.binaryList([[0xC0]])))
  }

  @Test func binaryListsWithoutSetsAreRead() throws {
    let dictionary: [String: Any] = [
      "com.apple.developer.associated-domains": ["applinks:example.com"],
      "application-identifier": "D3KQX62K1A.com.example.app", "get-task-allow": true,
    ]
    let bytes = Array(
      try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0))
    #expect(!PropertyListReading.binaryListHoldsASet(bytes))
    let entitlements = try Entitlements(plist: bytes)
    #expect(entitlements.associatedDomains == .list(["applinks:example.com"]))
    #expect(entitlements.getTaskAllow == true)
  }

  /// A trailer that points outside the input is not followed: Foundation refuses such a list.
  @Test func damagedTrailersAreLeftToFoundation() {
    let bytes = Self.dictionaryWithASet
    let trailer = bytes.count - 32
    for damage in [
      (trailer + 6, UInt8(0)), (trailer + 6, UInt8(9)), (trailer + 8, UInt8(0xFF)),
      (trailer + 31, UInt8(0xF0)), (trailer + 16, UInt8(0x80)),
    ] {
      var damaged = bytes
      damaged[damage.0] = damage.1
      _ = PropertyListReading.binaryListHoldsASet(damaged)
      #expect(throws: PropertyListReading.Unreadable.self) {
        _ = try PropertyListReading.read(damaged)
      }
    }
    #expect(!PropertyListReading.binaryListHoldsASet(Array(bytes.prefix(39))))
    #expect(!PropertyListReading.binaryListHoldsASet(Array("bplist00".utf8)))
  }
}

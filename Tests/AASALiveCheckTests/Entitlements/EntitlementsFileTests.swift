import AASALiveCheck
import Testing

/// `--entitlements FILE` given a property list that Foundation cannot read safely.
@Suite struct EntitlementsFileTests {
  /// Fuzz finding (target `entitlements`): a binary property list holding a set (here
  /// `{"com.apple.developer.associated-domains": {"applinks:example.com"}}`) crashed
  /// `aasa-lint check --entitlements` inside Foundation on Linux; now it is a usage error.
  @Test func aBinaryListHoldingASetIsAUsageError() {
    let key = Array(EntitlementsFile.associatedDomainsKey.utf8)
    let domain = Array("applinks:example.com".utf8)
    var bytes = Array("bplist00".utf8)
    let objects: [[UInt8]] = [
      [0xD1, 0x01, 0x02], [0x5F, 0x10, UInt8(key.count)] + key, [0xC1, 0x03],
      [0x50 | UInt8(domain.count)] + domain,
    ]
    var offsets: [UInt8] = []
    for object in objects {
      offsets.append(UInt8(bytes.count))
      bytes += object
    }
    let table = bytes.count
    bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
    for value in [objects.count, 0, table] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
    #expect {
      try EntitlementsFile(path: "App.entitlements", bytes: bytes)
    } throws: { error in
      "\(error)".contains("App.entitlements: it is a binary property list holding a set")
    }
  }
}

import AASABuiltApp
import Foundation
import TestSupport
import Testing

/// Entitlements read from a Mach-O's code signature, on executables written byte by byte here
/// (no Apple tools): thin, universal, unsigned, and damaged in every way a header can be.
@Suite struct MachOSignatureTests {
  static let plist = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict>
    <key>application-identifier</key><string>D3KQX62K1A.com.example.app</string>
    <key>com.apple.developer.associated-domains</key>
    <array><string>applinks:example.com</string><string>applinks:example.org?mode=developer</string></array>
    <key>get-task-allow</key><false/>
    </dict></plist>
    """.utf8)

  @Test func theEntitlementsOfAThinExecutableAreRead() throws {
    let executable = MachOBuilder.executable(entitlements: Self.plist)
    #expect(MachOSignature.looksLikeMachO(executable))
    let read = try MachOSignature.entitlements(in: executable)
    #expect(read == Self.plist)
    let entitlements = try Entitlements(plist: read)
    #expect(entitlements.applicationIdentifier == "D3KQX62K1A.com.example.app")
    #expect(
      entitlements.associatedDomains
        == .list(["applinks:example.com", "applinks:example.org?mode=developer"]))
    #expect(entitlements.getTaskAllow == false)
  }

  @Test func aUniversalBinaryIsReadSliceBySlice() throws {
    let universal = MachOBuilder.universal([
      MachOBuilder.executable(entitlements: nil), MachOBuilder.executable(entitlements: Self.plist),
    ])
    #expect(try MachOSignature.entitlements(in: universal) == Self.plist)
  }

  @Test func anUnsignedExecutableSaysSo() {
    #expect(throws: MachOSignature.Problem.unsigned) {
      try MachOSignature.entitlements(in: MachOBuilder.executable(entitlements: nil))
    }
    #expect(throws: MachOSignature.Problem.notMachO) {
      try MachOSignature.entitlements(in: Array("#!/bin/sh\necho hi\n".utf8))
    }
  }

  @Test func everyTruncationIsAnErrorNotACrash() {
    let executable = MachOBuilder.executable(entitlements: Self.plist)
    for length in 0..<executable.count {
      let cut = Array(executable.prefix(length))
      #expect(throws: MachOSignature.Problem.self) { try MachOSignature.entitlements(in: cut) }
    }
  }

  @Test func corruptedHeadersNeverCrash() {
    let executable = MachOBuilder.executable(entitlements: Self.plist)
    var generator = SystemRandomNumberGenerator()
    var readable = 0
    for _ in 0..<3_000 {
      var damaged = executable
      for _ in 0..<3 {
        let index = Int.random(in: 0..<min(damaged.count, 96), using: &generator)
        damaged[index] = UInt8.random(in: 0...255, using: &generator)
      }
      if (try? MachOSignature.entitlements(in: damaged)) != nil { readable += 1 }
    }
    // Some damage is harmless (padding, flags); the point is that none of it traps.
    #expect(readable < 3_000)
  }

  @Test func hugeCountsAreBounded() throws {
    var executable = MachOBuilder.executable(entitlements: Self.plist)
    // ncmds = 0xFFFFFFFF: the walk stops at the signature, not after four billion steps.
    executable[16...19] = [0xFF, 0xFF, 0xFF, 0xFF]
    #expect(try MachOSignature.entitlements(in: executable) == Self.plist)
    var fat = MachOBuilder.universal([executable])
    fat[4...7] = [0x7F, 0xFF, 0xFF, 0xFF]
    #expect(throws: MachOSignature.Problem.self) { try MachOSignature.entitlements(in: fat) }
  }

  @Test func aProfilesEntitlementsCoverWhatTheAppClaims() throws {
    let app = try Entitlements(plist: Self.plist)
    let profile = Entitlements([
      "application-identifier": "D3KQX62K1A.*",
      "com.apple.developer.associated-domains": "*",
      "get-task-allow": false,
    ])
    #expect(profile.associatedDomains == .any)
    #expect(app.notCovered(by: profile) == [])
    let narrow = Entitlements([
      "application-identifier": "D3KQX62K1A.com.example.app", "get-task-allow": true,
    ])
    #expect(
      app.notCovered(by: narrow) == ["com.apple.developer.associated-domains", "get-task-allow"])
  }
}

import AASACore
import Testing

@testable import AASAACME

/// A write into `--acme-dir` that fails for want of space says the disk is full (and is marked
/// so, for the fix the server gives: free space, not "make it writable").
@Suite("ACME: a full disk in words")
struct ACMEStorageDiskFullTests {
  /// ENOSPC is 28 on Linux and on Darwin.
  @Test func noSpaceLeftIsSaidAsAFullDisk() {
    let full = SystemError(call: "write", path: "/var/lib/acme/.account.key.tmp-1-2", code: 28)
    #expect(full.isDiskFull)
    #expect(
      full.description == "the disk is full (no space left for /var/lib/acme/.account.key.tmp-1-2)")
    let denied = SystemError(call: "open", path: "/var/lib/acme/x", code: 13)
    #expect(!denied.isDiskFull)
    #expect(denied.description.hasPrefix("open /var/lib/acme/x: "))
  }
}

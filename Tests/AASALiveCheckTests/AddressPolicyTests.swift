import AASALiveCheck
import Testing

/// ``AddressPolicy``: which hosts name an internal address, in every notation a URL can write
/// one, and which redirect hops a fetched page may take. Pure: no socket is opened, no name
/// resolved.
@Suite struct AddressPolicyTests {
  let policy = AddressPolicy()

  @Test(arguments: [
    // Loopback in each IPv4 notation inet_aton and the WHATWG URL parser read.
    ("127.0.0.1", AddressPolicy.Kind.loopback, "127.0.0.1"),
    ("127.1", .loopback, "127.0.0.1"),
    ("127.0.1", .loopback, "127.0.0.1"),
    ("2130706433", .loopback, "127.0.0.1"),
    ("0x7f000001", .loopback, "127.0.0.1"),
    ("0x7f.1", .loopback, "127.0.0.1"),
    ("0X7F.0.0.1", .loopback, "127.0.0.1"),
    ("0177.0.0.1", .loopback, "127.0.0.1"),
    ("017700000001", .loopback, "127.0.0.1"),
    ("127.0.0.1.", .loopback, "127.0.0.1"),
    ("127.0.0.%31", .loopback, "127.0.0.1"),
    ("１２７.0.0.1", .loopback, "127.0.0.1"),
    ("0x７f.1", .loopback, "127.0.0.1"),
    ("127.255.255.254", .loopback, "127.255.255.254"),
    ("localhost", .loopback, "localhost"),
    ("LOCALHOST.", .loopback, "localhost"),
    ("api.localhost", .loopback, "api.localhost"),
    ("[::1]", .loopback, "::1"),
    ("::1", .loopback, "::1"),
    ("[0:0:0:0:0:0:0:1]", .loopback, "::1"),
    // Private, shared, link-local, unique-local, unspecified.
    ("10.0.0.1", .privateUse, "10.0.0.1"),
    ("167772161", .privateUse, "10.0.0.1"),
    ("172.16.0.1", .privateUse, "172.16.0.1"),
    ("172.31.255.255", .privateUse, "172.31.255.255"),
    ("192.168.1.1", .privateUse, "192.168.1.1"),
    ("0xc0.0xa8.1.1", .privateUse, "192.168.1.1"),
    ("100.64.0.1", .sharedAddressSpace, "100.64.0.1"),
    ("100.127.255.255", .sharedAddressSpace, "100.127.255.255"),
    ("169.254.169.254", .linkLocal, "169.254.169.254"),
    ("0xa9fea9fe", .linkLocal, "169.254.169.254"),
    ("[fe80::1]", .linkLocal, "fe80::1"),
    ("fe80::1%25eth0", .linkLocal, "fe80::1"),
    ("[febf:ffff::1]", .linkLocal, "febf:ffff::1"),
    ("[fc00::1]", .uniqueLocal, "fc00::1"),
    ("[fd12:3456:789a::1]", .uniqueLocal, "fd12:3456:789a::1"),
    ("0.0.0.0", .unspecified, "0.0.0.0"),
    ("0", .unspecified, "0.0.0.0"),
    ("[::]", .unspecified, "::"),
    ("[fec0::1]", .privateUse, "fec0::1"),
  ])
  func internalAddressesAreClassified(host: String, kind: AddressPolicy.Kind, address: String)
    throws
  {
    let found = try #require(policy.classify(host), "\(host)")
    #expect(found.kind == kind, "\(host)")
    #expect(found.address == address, "\(host)")
  }

  @Test(arguments: [
    ("[::ffff:127.0.0.1]", "127.0.0.1", AddressPolicy.Kind.loopback as AddressPolicy.Kind?),
    ("::ffff:127.0.0.1", "127.0.0.1", .loopback),
    ("[::ffff:7f00:1]", "127.0.0.1", .loopback),
    ("[0:0:0:0:0:ffff:a9fe:a9fe]", "169.254.169.254", .linkLocal),
    ("[::FFFF:10.1.2.3]", "10.1.2.3", .privateUse),
    ("[::ffff:8.8.8.8]", "8.8.8.8", nil),
  ])
  func ipv4MappedAddressesAreInternalWhateverTheyMap(
    host: String, mapped: String, mappedKind: AddressPolicy.Kind?
  ) throws {
    let found = try #require(policy.classify(host))
    #expect(found.kind == .ipv4Mapped)
    #expect(found.address == mapped)
    #expect(found.mappedKind == mappedKind)
    #expect(found.description.hasPrefix("an IPv4-mapped IPv6 address (of \(mapped)"))
  }

  @Test(arguments: [
    "example.com", "8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "192.169.0.1",
    "100.63.255.255", "100.128.0.1", "169.253.0.1", "128.0.0.1", "[2001:db8::1]",
    "2606:4700::1111", "[fe00::1]", "[fbff::1]", "localhost.example.com", "127.0.0.1.example.com",
    "0x7g.0.0.1", "08.0.0.1", "1.2.3.4.5", "256.0.0.1", "1.2.3.16777216", "4294967296",
    "0x100000000", "99999999999999999999", "", ".", "[::ffff:1:2:3:4]", "[1::2::3]", "[:::1]",
    "[12345::1]", "[::1:2:3:4:5:6:7:8]",
  ])
  func otherHostsAreNot(host: String) {
    #expect(policy.classify(host) == nil, "\(host): \(String(describing: policy.classify(host)))")
  }

  @Test func ipv4ReadsEveryNotationToTheSameBytes() {
    let loopback: [UInt8] = [127, 0, 0, 1]
    for text in [
      "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f.1", "0177.0.0.1", "0x7f.0.0.1",
    ] {
      #expect(AddressPolicy.ipv4(text) == loopback, "\(text)")
    }
    #expect(AddressPolicy.ipv4("255.255.255.255") == [255, 255, 255, 255])
    #expect(AddressPolicy.ipv4("4294967295") == [255, 255, 255, 255])
    #expect(AddressPolicy.ipv4("1.65535") == [1, 0, 255, 255])
    #expect(AddressPolicy.ipv4("1.65536") == [1, 1, 0, 0])
    #expect(AddressPolicy.ipv4("1.16777216") == nil)
    #expect(AddressPolicy.ipv4("1.2.256") == [1, 2, 1, 0])
    #expect(AddressPolicy.ipv4("1.2.65536") == nil)
  }

  @Test func ipv6ReadsItsForms() {
    #expect(AddressPolicy.ipv6("::") == [UInt8](repeating: 0, count: 16))
    #expect(AddressPolicy.ipv6("::1") == [UInt8](repeating: 0, count: 15) + [1])
    #expect(AddressPolicy.ipv6("1:2:3:4:5:6:7:8")?.count == 16)
    #expect(AddressPolicy.ipv6("1:2:3:4:5:6:7") == nil)
    #expect(AddressPolicy.ipv6("1:2:3:4:5:6:1.2.3.4")?.suffix(4) == [1, 2, 3, 4])
    #expect(AddressPolicy.ipv6("::1.2.3") == nil)
  }

  @Test func aDowngradeFromHTTPSIsRefusedWhereverItGoes() {
    let refusal = policy.redirectRefusal(
      fromScheme: "https", toScheme: "http", toHost: "example.com", askedHost: "example.com")
    #expect(refusal == "it goes from https to plain http")
    #expect(
      policy.redirectRefusal(
        fromScheme: "http", toScheme: "http", toHost: "example.org", askedHost: "example.com")
        == nil)
    #expect(
      policy.redirectRefusal(
        fromScheme: "HTTP", toScheme: "https", toHost: "example.org", askedHost: "example.com")
        == nil)
  }

  @Test(arguments: [
    "127.0.0.1", "2130706433", "0x7f.1", "0177.0.0.1", "127.1", "[::1]", "[::ffff:127.0.0.1]",
    "169.254.169.254", "10.0.0.1", "100.64.0.1", "[fe80::1]", "[fd00::1]", "0.0.0.0", "localhost",
  ])
  func aHopToAnInternalAddressIsRefused(host: String) throws {
    let refusal = try #require(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: host, askedHost: "example.com"))
    #expect(refusal.hasPrefix("it goes to "), "\(refusal)")
    #expect(refusal.contains("address"), "\(refusal)")
  }

  @Test func aHopWithinTheHostAskedForIsFollowed() {
    // A page the user asked for on 127.0.0.1 may redirect within 127.0.0.1.
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "127.0.0.1", askedHost: "127.0.0.1")
        == nil)
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "127.1", askedHost: "127.0.0.1") == nil)
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "LOCALHOST", askedHost: "localhost")
        == nil)
    // But not to another internal address than the one asked for.
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "127.0.0.1", askedHost: "localhost")
        != nil)
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "169.254.169.254", askedHost: "127.0.0.1")
        != nil)
  }

  @Test func aPublicHopIsFollowed() {
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "www.example.com",
        askedHost: "example.com") == nil)
    #expect(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: "[2001:db8::1]", askedHost: "example.com")
        == nil)
  }
}

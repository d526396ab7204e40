import AASALiveCheck
import AASAValidator
import Testing

/// The address policy as tables: pure functions, no socket opened and no name resolved, so no
/// packet ever goes to a private range.
@Suite struct ValidatorFetchPolicyTableTests {
  @Test(arguments: [
    ("127.0.0.1", AddressPolicy.Kind.loopback),
    ("0x7f000001", .loopback),
    ("2130706433", .loopback),
    ("0177.0.0.1", .loopback),
    ("127.1", .loopback),
    ("[::1]", .loopback),
    ("localhost", .loopback),
    ("10.0.0.1", .privateUse),
    ("172.16.5.4", .privateUse),
    ("192.168.1.1", .privateUse),
    ("100.64.0.1", .sharedAddressSpace),
    ("169.254.169.254", .linkLocal),
    ("0xa9fea9fe", .linkLocal),
    ("fe80::1", .linkLocal),
    ("fd00::1", .uniqueLocal),
    ("0.0.0.0", .unspecified),
    ("::", .unspecified),
    ("::ffff:10.0.0.1", .ipv4Mapped),
    ("::ffff:7f00:1", .ipv4Mapped),
    ("224.0.0.1", .multicast),
    ("ff02::1", .multicast),
    ("240.0.0.1", .reserved),
    ("255.255.255.255", .reserved),
    ("192.0.0.8", .reserved),
    ("198.18.0.1", .reserved),
    ("100::1", .reserved),
    ("64:ff9b::a00:1", .reserved),
    ("::10.0.0.1", .reserved),
  ])
  func internalAddresses(host: String, kind: AddressPolicy.Kind) {
    #expect(AddressPolicy().classify(host)?.kind == kind, "\(host)")
  }

  @Test(arguments: ["8.8.8.8", "17.253.144.10", "2606:4700::1111", "example.com", "1.1.1.1"])
  func publicAddresses(host: String) {
    #expect(AddressPolicy().classify(host) == nil, "\(host)")
  }

  @Test func refusesInternalAddressesNamingTheFlag() throws {
    let policy = FetchPolicy()
    let refusal = try #require(
      policy.refusal(host: "metadata.internal", port: 443, address: [169, 254, 169, 254]))
    #expect(refusal.code == "blocked-address")
    #expect(refusal.message.contains("link-local"))
    // A name's refusal never says the address it resolved to (F10): lifted by the name.
    #expect(refusal.liftingRules == ["metadata.internal"])
    #expect(
      ValidatorSetup.help(lifting: refusal)
        == "the operator can allow it at start-up with --allow metadata.internal")
    let literal = try #require(
      policy.refusal(host: "169.254.169.254", port: 443, address: [169, 254, 169, 254]))
    #expect(
      ValidatorSetup.help(lifting: literal)
        == "the operator can allow it at start-up with --allow 169.254.169.254 (or a CIDR such as --allow 169.254.0.0/16)"
    )
    let mapped = try #require(
      policy.refusal(
        host: "x.example", port: 443,
        address: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1]))
    #expect(mapped.code == "blocked-address")
  }

  @Test func refusesOtherPortsOfPublicHosts() throws {
    let refusal = try #require(
      FetchPolicy().refusal(host: "example.com", port: 8443, address: [93, 184, 215, 14]))
    #expect(refusal.code == "blocked-port")
    #expect(refusal.liftingRules == ["example.com:8443"])
    #expect(
      ValidatorSetup.help(lifting: refusal)
        == "the operator can allow it at start-up with --allow example.com:8443")
    #expect(
      FetchPolicy().refusal(host: "example.com", port: 443, address: [93, 184, 215, 14]) == nil)
  }

  @Test func allowRulesWidenOnlyWhatTheyName() throws {
    let policy = FetchPolicy(rules: [
      try AllowRule(parsing: "10.20.0.0/16"),
      try AllowRule(parsing: "*.corp.example"),
      try AllowRule(parsing: "staging.example.com:8443"),
      try AllowRule(parsing: "[fd00::]/8"),
    ])
    #expect(policy.refusal(host: "a", port: 443, address: [10, 20, 3, 4]) == nil)
    #expect(policy.refusal(host: "a", port: 9000, address: [10, 20, 3, 4]) == nil)
    #expect(
      policy.refusal(host: "a", port: 443, address: [10, 21, 3, 4])?.code == "blocked-address")
    #expect(policy.refusal(host: "build.corp.example", port: 443, address: [10, 9, 9, 9]) == nil)
    #expect(policy.refusal(host: "corp.example", port: 443, address: [10, 9, 9, 9]) != nil)
    #expect(
      policy.refusal(host: "staging.example.com", port: 8443, address: [192, 168, 0, 2]) == nil)
    #expect(
      policy.refusal(host: "staging.example.com", port: 8444, address: [192, 168, 0, 2]) != nil)
    var unique = [UInt8](repeating: 0, count: 16)
    unique[0] = 0xfd
    unique[15] = 1
    #expect(policy.refusal(host: "v6", port: 443, address: unique) == nil)
  }

  @Test(arguments: ["", "10.0.0.0/33", "host:port", "a b", "*.", "[fd00::", "http://x"])
  func invalidRules(text: String) {
    #expect(throws: AllowRule.Invalid.self) { try AllowRule(parsing: text) }
  }
}

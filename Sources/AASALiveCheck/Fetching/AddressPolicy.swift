import Foundation

/// Which hosts name an address that is not on the public internet, in every notation a URL's
/// host can write one: dotted quads, and what `inet_aton` and the WHATWG URL parser also read as
/// IPv4 (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`), IPv6 in brackets or not (`[::1]`,
/// `::ffff:127.0.0.1`, `fe80::1%25eth0`), percent-encoded and full-width hosts, and `localhost`
/// names.
///
/// Pure and `Sendable`: no socket is opened and no name is resolved, so a name that resolves to
/// an internal address is not caught here (only a check of the address connected to could).
/// Used for the redirects of a fetched page (``PageFetcher``) and for the hosts Apple's CDN
/// cannot reach (``CDNReach``).
public struct AddressPolicy: Sendable, Hashable {
  /// What kind of internal address a host names.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `127.0.0.0/8`, `::1`, `localhost`, `*.localhost`.
    case loopback
    /// `10/8`, `172.16/12`, `192.168/16` (RFC 1918), `fec0::/10` (deprecated site-local).
    case privateUse
    /// `100.64/10`, carrier-grade NAT (RFC 6598).
    case sharedAddressSpace
    /// `169.254/16`, `fe80::/10`.
    case linkLocal
    /// `fc00::/7` (RFC 4193).
    case uniqueLocal
    /// `0.0.0.0/8`, `::`: reaches the machine itself on many systems.
    case unspecified
    /// `::ffff:0:0/96`: an IPv4 address written as IPv6, which a dual-stack socket connects to as
    /// IPv4.
    case ipv4Mapped
    /// `224/4`, `ff00::/8`.
    case multicast
    /// Not for use on the internet, or a way to reach another address: `240/4` (and the
    /// broadcast address), `192.0.0/24`, benchmarking `198.18/15`, IPv4-compatible `::/96`,
    /// NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, discard `100::/64`. The documentation ranges
    /// (`192.0.2/24`, `2001:db8::/32`, …) reach nothing and stay public here, as examples.
    case reserved

    /// "a loopback address", …
    public var words: String {
      switch self {
      case .loopback: "a loopback address"
      case .privateUse: "a private address"
      case .sharedAddressSpace: "a shared (carrier-grade NAT) address"
      case .linkLocal: "a link-local address"
      case .uniqueLocal: "a private address"
      case .unspecified: "an unspecified address"
      case .ipv4Mapped: "an IPv4-mapped IPv6 address"
      case .multicast: "a multicast address"
      case .reserved: "a reserved address"
      }
    }
  }

  /// A host that names an internal address.
  public struct Internal: Sendable, Hashable, CustomStringConvertible {
    public var kind: Kind
    /// The address in its usual notation (`127.0.0.1`, `::1`), or the name (`localhost`).
    public var address: String
    /// For ``Kind/ipv4Mapped``: the IPv4 address's own kind, when it has one.
    public var mappedKind: Kind?

    /// "a loopback address (127.0.0.1)", "an IPv4-mapped IPv6 address (of 127.0.0.1, a loopback
    /// address)".
    public var description: String {
      if kind == .ipv4Mapped {
        let mapped = mappedKind.map { ", \($0.words)" } ?? ""
        return "\(kind.words) (of \(address)\(mapped))"
      }
      return "\(kind.words) (\(address))"
    }
  }

  public init() {}

  /// The internal address `host` names, or nil for a public address or a name other than
  /// `localhost`'s. `host` is a URL's host: brackets, a trailing dot, a zone and percent-encoding
  /// are allowed.
  public func classify(_ host: String) -> Internal? {
    // NFKC, as a URL parser maps a host (full-width digits are digits).
    var host = Self.percentDecoded(host).precomposedStringWithCompatibilityMapping.lowercased()
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    if let zone = host.firstIndex(of: "%") { host = String(host[..<zone]) }
    if host.contains(":") {
      guard let bytes = Self.ipv6(host) else { return nil }
      return Self.classify(ipv6: bytes)
    }
    if host.hasSuffix(".") { host.removeLast() }
    if host == "localhost" || host.hasSuffix(".localhost") {
      return Internal(kind: .loopback, address: host)
    }
    guard let bytes = Self.ipv4(host) else { return nil }
    return Self.classify(ipv4: bytes)
  }

  /// Why following a redirect from `from` to `to` is refused, or nil when it may be followed:
  /// from `https` to plain `http`, or to an internal address on a host other than `askedHost`
  /// (the host of the URL the user gave, which may itself be internal: a page on 127.0.0.1 may
  /// redirect within 127.0.0.1). Schemes and hosts as a URL writes them.
  public func redirectRefusal(
    fromScheme: String, toScheme: String, toHost: String, askedHost: String
  ) -> String? {
    if fromScheme.lowercased() == "https", toScheme.lowercased() == "http" {
      return "it goes from https to plain http"
    }
    guard let target = classify(toHost) else { return nil }
    if let asked = classify(askedHost), asked.address == target.address, asked.kind == target.kind {
      return nil
    }
    if Self.normalized(toHost) == Self.normalized(askedHost) { return nil }
    return "it goes to \(target), which a page fetched from elsewhere is not let reach"
  }

  private static func normalized(_ host: String) -> String {
    var host = percentDecoded(host).precomposedStringWithCompatibilityMapping.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    return host
  }

  // MARK: Classifying addresses

  static func classify(ipv4 bytes: [UInt8]) -> Internal? {
    let address = bytes.map(String.init).joined(separator: ".")
    let kind: Kind
    switch (bytes[0], bytes[1]) {
    case (127, _): kind = .loopback
    case (10, _), (172, 16...31), (192, 168): kind = .privateUse
    case (100, 64...127): kind = .sharedAddressSpace
    case (169, 254): kind = .linkLocal
    case (0, _): kind = .unspecified
    case (224...239, _): kind = .multicast
    case (240...255, _), (198, 18...19): kind = .reserved
    case (192, 0) where bytes[2] == 0: kind = .reserved
    default: return nil
    }
    return Internal(kind: kind, address: address)
  }

  static func classify(ipv6 bytes: [UInt8]) -> Internal? {
    let address = ipv6Text(bytes)
    if bytes.dropLast().allSatisfy({ $0 == 0 }) {
      switch bytes[15] {
      case 0: return Internal(kind: .unspecified, address: address)
      case 1: return Internal(kind: .loopback, address: address)
      default: break
      }
    }
    if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff {
      let ipv4 = Array(bytes[12..<16])
      return Internal(
        kind: .ipv4Mapped, address: ipv4.map(String.init).joined(separator: "."),
        mappedKind: classify(ipv4: ipv4)?.kind)
    }
    if bytes[0] == 0xff { return Internal(kind: .multicast, address: address) }
    // IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`, `64:ff9b:1::/48`), discard
    // (`100::/64`).
    let nat64 =
      bytes[0..<4] == [0, 0x64, 0xff, 0x9b]
      && (bytes[4..<12].allSatisfy { $0 == 0 }
        || bytes[4..<6] == [0, 1])
    if bytes[0..<12].allSatisfy({ $0 == 0 }) || nat64
      || (bytes[0..<2] == [1, 0] && bytes[2..<8].allSatisfy { $0 == 0 })
    {
      return Internal(kind: .reserved, address: address)
    }
    if bytes[0] & 0xfe == 0xfc { return Internal(kind: .uniqueLocal, address: address) }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0x80 {
      return Internal(kind: .linkLocal, address: address)
    }
    if bytes[0] == 0xfe, bytes[1] & 0xc0 == 0xc0 {
      return Internal(kind: .privateUse, address: address)
    }
    return nil
  }

  // MARK: Reading addresses

  /// An IPv4 address as `inet_aton` and the WHATWG URL parser read it: one to four parts, each
  /// decimal, hexadecimal (`0x`) or octal (a leading `0`), the last filling the bytes left
  /// (`127.1` is 127.0.0.1, `2130706433` too). Nil when it is not one, or a part is too large.
  public static func ipv4(_ text: String) -> [UInt8]? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...4).contains(parts.count) else { return nil }
    var numbers: [UInt32] = []
    for part in parts {
      guard let number = ipv4Part(part) else { return nil }
      numbers.append(number)
    }
    // Every part but the last is one byte; the last fills the rest.
    for number in numbers.dropLast() where number > 255 { return nil }
    let lastBytes = 5 - numbers.count
    let last = numbers[numbers.count - 1]
    if lastBytes < 4, last >= UInt32(1) << UInt32(8 * lastBytes) { return nil }
    var bytes = numbers.dropLast().map { UInt8($0) }
    for shift in stride(from: 8 * (lastBytes - 1), through: 0, by: -8) {
      bytes.append(UInt8(truncatingIfNeeded: last >> UInt32(shift)))
    }
    return bytes
  }

  /// One part of an IPv4 address: at most 32 bits, or nil.
  private static func ipv4Part(_ part: Substring) -> UInt32? {
    var digits = Substring(part)
    var radix: UInt32 = 10
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      radix = 16
      digits = digits.dropFirst(2)
      // WHATWG reads `0x` alone as 0.
      if digits.isEmpty { return 0 }
    } else if digits.count > 1, digits.hasPrefix("0") {
      radix = 8
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    var value: UInt32 = 0
    for character in digits {
      guard character.isASCII, let digit = character.hexDigitValue, UInt32(digit) < radix else {
        return nil
      }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
      let (sum, overflowSum) = shifted.addingReportingOverflow(UInt32(digit))
      if overflow || overflowSum { return nil }
      value = sum
    }
    return value
  }

  /// An IPv6 address's 16 bytes (`::1`, `fe80::1`, `::ffff:127.0.0.1`), or nil.
  public static func ipv6(_ text: String) -> [UInt8]? {
    guard text.utf8.count <= 45 else { return nil }
    let halves = text.components(separatedBy: "::")
    guard halves.count <= 2 else { return nil }
    func groups(_ half: String) -> [UInt8]? {
      guard !half.isEmpty else { return [] }
      var bytes: [UInt8] = []
      let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
      for (index, piece) in pieces.enumerated() {
        if index == pieces.count - 1, piece.contains(".") {
          // A dotted quad in the last 32 bits: decimal only.
          let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
          guard octets.count == 4 else { return nil }
          for octet in octets {
            guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCII),
              let value = UInt8(octet)
            else { return nil }
            bytes.append(value)
          }
          continue
        }
        guard (1...4).contains(piece.count), piece.allSatisfy(\.isHexDigit),
          let value = UInt16(piece, radix: 16)
        else { return nil }
        bytes += [UInt8(value >> 8), UInt8(value & 0xff)]
      }
      return bytes
    }
    guard let head = groups(halves[0]) else { return nil }
    if halves.count == 1 { return head.count == 16 ? head : nil }
    guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
    return head + [UInt8](repeating: 0, count: 16 - head.count - tail.count) + tail
  }

  /// `::1`, `fe80::1`: RFC 5952's form, enough to name an address in a message.
  static func ipv6Text(_ bytes: [UInt8]) -> String {
    let groups = (0..<8).map { UInt16(bytes[2 * $0]) << 8 | UInt16(bytes[2 * $0 + 1]) }
    // The longest run of two or more zero groups becomes `::`.
    var best = (start: -1, length: 0)
    var index = 0
    while index < 8 {
      guard groups[index] == 0 else {
        index += 1
        continue
      }
      let start = index
      while index < 8, groups[index] == 0 { index += 1 }
      if index - start > best.length, index - start >= 2 { best = (start, index - start) }
    }
    func text(_ range: Range<Int>) -> String {
      groups[range].map { String($0, radix: 16) }.joined(separator: ":")
    }
    guard best.start >= 0 else { return text(0..<8) }
    return text(0..<best.start) + "::" + text((best.start + best.length)..<8)
  }

  /// `%xx` escapes decoded (a host may be written `127.0.0.%31`); the text as is when one is
  /// malformed.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let high = Character(Unicode.Scalar(utf8[utf8.startIndex])).hexDigitValue,
        let low = Character(Unicode.Scalar(utf8[utf8.startIndex + 1])).hexDigitValue
      {
        bytes.append(UInt8(high << 4 | low))
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

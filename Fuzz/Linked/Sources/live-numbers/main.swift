// live-numbers: every number the live check reads from a server or a URL: Apple's CDN's
// `Cache-Control: max-age` and `Age` (`CDNCaching`), the addresses a redirect may name in any
// notation (`AddressPolicy`: decimal, hexadecimal, octal and short IPv4, IPv6 with an embedded
// IPv4), and the ports of `--connect-to` and of a site's URL. No network: the values are the
// input. (`aasa-lint check` reads no `Retry-After`, `Expires`, `Date` or `Content-Length`, and
// parses no HTTP date.)
//
// Input: one byte choosing the reader (its value modulo 4), then the text; for `CDNCaching`, the
// text is `Cache-Control` NUL `Age` (no NUL: no `Age`).
//
// Checks: nothing traps; a `max-age` or `Age` kept lies in 0...2^31, and is the value sent,
// clamped to 2^31, exactly when the value sent is all digits; the seconds left are `max-age` less
// `Age`, never below 0; `retryText` is there exactly when a `max-age` or an unusable value was
// sent, and says "not known" for an unusable `max-age`; `duration` answers for any Int. An IPv4
// reading is 4 bytes and reads back the same from its dotted form, with the same kind; an IPv6
// reading is 16 bytes and round-trips through its text; an https→http hop is always refused; a
// hop to the host asked for never is. A port read is within 1...65535.

import AASALiveCheck
import Foundation
import FuzzDriver

@testable import AASALiveCheck

runFuzzer { data, size in fuzzLiveNumbers(fuzzInput(data, size)) }

func fuzzLiveNumbers(_ bytes: [UInt8]) -> CInt {
  guard let choice = bytes.first else { return 0 }
  let rest = Array(bytes.dropFirst())
  switch choice % 4 {
  case 0: fuzzCaching(rest)
  case 1: fuzzAddress(String(decoding: rest, as: UTF8.self))
  case 2: fuzzPorts(String(decoding: rest, as: UTF8.self))
  default: fuzzDuration(rest)
  }
  return 0
}

/// The value of an all-digit text, clamped to 2^31, or nil when it is not all digits.
private func referenceSeconds(_ text: String) -> Int? {
  let bytes = Array(text.utf8)
  guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
  let digits = bytes.drop { $0 == 0x30 }
  if digits.count > 10 { return CDNCaching.largestSeconds }
  let value = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  return min(value, CDNCaching.largestSeconds)
}

private func fuzzCaching(_ bytes: [UInt8]) {
  let nul = bytes.firstIndex(of: 0)
  let cacheControl = String(decoding: bytes[..<(nul ?? bytes.endIndex)], as: UTF8.self)
  let age = nul.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) }
  let caching = CDNCaching(cacheControl: cacheControl, age: age)
  let range = 0...CDNCaching.largestSeconds
  if let maxAge = caching.maxAge { require(range.contains(maxAge), "max-age \(maxAge)") }
  if let kept = caching.age { require(range.contains(kept), "age \(kept)") }
  // The Age read as the reference reads it.
  if let age {
    let expected = referenceSeconds(age.trimmingCharacters(in: .whitespaces))
    require(
      caching.age == expected,
      "Age \(age.debugDescription): \(String(describing: caching.age)), expected \(String(describing: expected))"
    )
  }
  // The first max-age directive, read as the reference reads it.
  for directive in cacheControl.split(separator: ",") {
    let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "max-age"
    else { continue }
    let expected = referenceSeconds(parts[1].trimmingCharacters(in: .whitespaces))
    require(
      caching.maxAge == expected,
      "max-age in \(cacheControl.debugDescription): \(String(describing: caching.maxAge)), expected \(String(describing: expected))"
    )
    require(caching.maxAgeUnusable == (expected == nil), "unusable max-age")
    break
  }
  if let maxAge = caching.maxAge {
    let left = caching.secondsLeft
    require(left == max(0, maxAge - (caching.age ?? 0)), "seconds left \(String(describing: left))")
  } else {
    require(caching.secondsLeft == nil, "seconds left without a max-age")
  }
  let text = caching.retryText(of: "this copy")
  require(
    (text != nil) == (caching.maxAge != nil || !caching.problems.isEmpty),
    "retry text \(String(describing: text)) for \(caching)")
  if caching.maxAgeUnusable {
    require(
      text?.contains("is not known") == true,
      "an unusable max-age is not said: \(String(describing: text))")
  }
  if !caching.problems.isEmpty {
    require(
      text?.contains("unusable as sent") == true,
      "unusable values not said: \(String(describing: text))")
  }
}

private func fuzzAddress(_ host: String) {
  let policy = AddressPolicy()
  let found = policy.classify(host)
  if let bytes = AddressPolicy.ipv4(host) {
    require(bytes.count == 4, "ipv4 \(bytes)")
    let dotted = bytes.map(String.init).joined(separator: ".")
    require(AddressPolicy.ipv4(dotted) == bytes, "\(dotted) does not read back")
    let plain = policy.classify(dotted)
    // The host may be a `localhost` name or carry escapes; when it is the address, same kind.
    if !host.contains("%"), !host.lowercased().contains("localhost") {
      require(
        plain?.kind == found?.kind,
        "\(host.debugDescription) is \(String(describing: found)), \(dotted) is \(String(describing: plain))"
      )
    }
  }
  if let bytes = AddressPolicy.ipv6(host) {
    require(bytes.count == 16, "ipv6 \(bytes)")
    let text = AddressPolicy.ipv6Text(bytes)
    require(AddressPolicy.ipv6(text) == bytes, "\(text) does not read back")
    require(
      policy.classify("[\(text)]")?.kind == AddressPolicy.classify(ipv6: bytes)?.kind,
      "\(text) bracketed")
  }
  require(
    policy.redirectRefusal(fromScheme: "https", toScheme: "http", toHost: host, askedHost: "a")
      != nil, "a downgrade to \(host.debugDescription) is followed")
  require(
    policy.redirectRefusal(fromScheme: "https", toScheme: "https", toHost: host, askedHost: host)
      == nil, "a hop within \(host.debugDescription) is refused")
  if let found {
    require(!found.description.isEmpty, "no words")
    require(
      policy.redirectRefusal(
        fromScheme: "https", toScheme: "https", toHost: host, askedHost: "example.com") != nil,
      "a hop to \(found) is followed")
  }
}

private func fuzzPorts(_ text: String) {
  if let connectTo = try? ConnectTo(parsing: text) {
    for port in [connectTo.port, connectTo.addressPort].compactMap({ $0 }) {
      require((1...65535).contains(port), "--connect-to port \(port)")
    }
  }
  if let site = try? SiteAddress(parsing: "https://" + text) {
    require((1...65535).contains(site.port), "site port \(site.port)")
  }
}

private func fuzzDuration(_ bytes: [UInt8]) {
  // Any Int, from the first 8 bytes.
  var value = 0
  for byte in bytes.prefix(8) { value = value << 8 | Int(byte) }
  let words = CDNCaching.duration(value)
  require(!words.isEmpty, "no duration for \(value)")
  _ = CDNCaching.deltaSeconds(String(decoding: bytes, as: UTF8.self))
}

/// Host names as DNS and Apple's fetcher see them: internationalized labels in their ASCII form
/// (`bücher.example` is `xn--bcher-kva.example`), so that a host typed in Unicode and one pasted
/// in ASCII compare equal.
///
/// Labels are lower-cased and Punycode-encoded (RFC 3492) with the `xn--` prefix; the rest of
/// UTS #46's mapping (width folding, normalization) is not applied, which only matters for hosts
/// typed in unusual compatibility characters.
public enum IDNA {
  /// `host` with every non-ASCII label in its `xn--` form, lower-cased; nil when a label cannot
  /// be encoded.
  ///
  /// Inlinable: every URL a matcher routes passes its host through here, and the common ASCII
  /// host should not cost a generic call into another module.
  @inlinable
  public static func asciiHost<S: StringProtocol>(_ host: S) -> String? {
    if host.utf8.allSatisfy({ $0 < 0x80 }) { return host.lowercased() }
    return encodingLabels(String(host))
  }

  /// Every non-ASCII label in its `xn--` form.
  @usableFromInline
  static func encodingLabels(_ host: String) -> String? {
    var labels: [String] = []
    // IDNA treats the ideographic and fullwidth full stops as dots too.
    let dots: Set<Character> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]
    for label in host.lowercased().split(
      omittingEmptySubsequences: false, whereSeparator: dots.contains)
    {
      if label.unicodeScalars.allSatisfy(\.isASCII) {
        labels.append(String(label))
      } else {
        guard let encoded = Punycode.encode(Array(label.unicodeScalars)) else { return nil }
        labels.append("xn--" + encoded)
      }
    }
    return labels.joined(separator: ".")
  }
}

/// RFC 3492's Bootstring with Punycode's parameters.
enum Punycode {
  private static let base = 36
  private static let tMin = 1
  private static let tMax = 26
  private static let skew = 38
  private static let damp = 700
  private static let initialBias = 72
  private static let initialN = 128

  /// The Punycode of `input`, or nil on overflow (a label no DNS name could hold anyway).
  static func encode(_ input: [Unicode.Scalar]) -> String? {
    // A DNS label holds at most 63 bytes; anything much longer is no host, and the encoder's
    // steps are quadratic in the label's length.
    guard input.count <= 255 else { return nil }
    var output = String(String.UnicodeScalarView(input.filter(\.isASCII)))
    let basicCount = output.unicodeScalars.count
    var handled = basicCount
    if basicCount > 0 { output.append("-") }
    var n = initialN
    var delta = 0
    var bias = initialBias
    let codePoints = input.map { Int($0.value) }
    while handled < codePoints.count {
      guard let next = codePoints.filter({ $0 >= n }).min() else { return nil }
      let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - product else { return nil }
      delta += product
      n = next
      for codePoint in codePoints {
        if codePoint < n {
          delta += 1
          guard delta <= Int(Int32.max) else { return nil }
        }
        guard codePoint == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if q < t { break }
          output.unicodeScalars.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.unicodeScalars.append(digit(q))
        bias = adapt(delta, handled + 1, firstTime: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return output
  }

  private static func digit(_ value: Int) -> Unicode.Scalar {
    Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value))
  }

  private static func adapt(_ delta: Int, _ count: Int, firstTime: Bool) -> Int {
    var delta = firstTime ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }
}

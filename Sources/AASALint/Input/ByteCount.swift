/// A size in bytes as people write it on a command line: `131072`, `128K`, `4M`, `1G`
/// (binary multiples; a trailing `B` or `iB` is accepted).
package struct ByteCount: Hashable, Sendable, CustomStringConvertible {
  package var bytes: Int

  package init(_ bytes: Int) { self.bytes = bytes }

  package init?(parsing text: String) {
    var digits = Substring(text.uppercased())
    for suffix in ["IB", "B"] where digits.hasSuffix(suffix) {
      digits = digits.dropLast(suffix.count)
    }
    var multiplier = 1
    if let unit = digits.last, let power = ["K": 10, "M": 20, "G": 30][unit] {
      multiplier = 1 << power
      digits = digits.dropLast()
    }
    guard let value = Int(digits), value > 0 else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: multiplier)
    guard !overflow else { return nil }
    bytes = product
  }

  /// `4 MiB`, `128 KiB`, or the bytes when they are no whole multiple.
  package var description: String {
    for (unit, power) in [("GiB", 30), ("MiB", 20), ("KiB", 10)]
    where bytes >= 1 << power && bytes % (1 << power) == 0 {
      return "\(bytes >> power) \(unit)"
    }
    return "\(bytes) bytes"
  }
}

/// Simple (one scalar to one scalar) case folding, used on both sides when `caseSensitive` is
/// `false`.
///
/// ASCII folds with a bit operation. Other scalars fold to the lowercase of their uppercase when
/// both mappings are a single scalar, which reproduces Unicode simple case folding for the cases
/// that matter in URLs (`É` → `é`, `Σ`/`ς` → `σ`, `ſ` → `s`, the Kelvin sign → `k`). Scalars whose
/// mappings expand to several scalars (`ß` → `SS`, `İ`) stay as they are, as in simple folding.
enum CaseFolding {
  /// The folded form of one scalar value.
  @inline(__always)
  static func fold(_ value: UInt32) -> UInt32 {
    value < 0x80 ? foldASCII(value) : foldNonASCII(value)
  }

  /// The folded form of an ASCII scalar value: `A`–`Z` become `a`–`z`. Branch-free, so loops over
  /// ASCII text that use it vectorize.
  @inline(__always)
  static func foldASCII(_ value: UInt32) -> UInt32 {
    value &- 0x41 < 26 ? value | 0x20 : value
  }

  /// Folds every scalar of `values` in place.
  static func fold(_ values: inout [UInt32]) {
    for index in values.indices {
      values[index] = fold(values[index])
    }
  }

  private static func foldNonASCII(_ value: UInt32) -> UInt32 {
    // Dotless i has no simple case folding; lowercase-of-uppercase would wrongly make it `i`.
    guard value != 0x131, let scalar = Unicode.Scalar(value) else { return value }
    let upper = singleScalar(scalar.properties.uppercaseMapping) ?? scalar
    if let lower = singleScalar(upper.properties.lowercaseMapping) {
      return lower.value
    }
    return singleScalar(scalar.properties.lowercaseMapping)?.value ?? value
  }

  private static func singleScalar(_ string: String) -> Unicode.Scalar? {
    var scalars = string.unicodeScalars.makeIterator()
    guard let first = scalars.next(), scalars.next() == nil else { return nil }
    return first
  }
}

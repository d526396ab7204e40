/// Finds a literal run of scalars in a text in linear time, whatever the text (Knuth–Morris–Pratt).
///
/// The obvious search compares the literal again at every position where its first scalar occurs,
/// so a long literal against a long run of that scalar costs (text) × (literal) steps: seconds for
/// the inputs a fuzzer finds. The table is built once, when the pattern is compiled.
struct LiteralSearch: Sendable {
  let needle: [UInt32]
  /// For each prefix length, the length of its longest proper prefix that is also its suffix.
  private let fallback: [Int]

  init(_ needle: [UInt32]) {
    self.needle = needle
    var fallback = [Int](repeating: 0, count: max(1, needle.count))
    var length = 0
    var index = 1
    while index < needle.count {
      if needle[index] == needle[length] {
        length += 1
        fallback[index] = length
        index += 1
      } else if length > 0 {
        length = fallback[length - 1]
      } else {
        fallback[index] = 0
        index += 1
      }
    }
    self.fallback = fallback
  }

  /// Whether the text contains the literal (an empty literal is everywhere).
  func occurs(in text: UnsafeBufferPointer<UInt32>) -> Bool {
    needle.isEmpty || firstIndex(in: text) != nil
  }

  /// Where the literal first occurs in the text.
  func firstIndex(in text: UnsafeBufferPointer<UInt32>) -> Int? {
    guard !needle.isEmpty else { return 0 }
    guard text.count >= needle.count else { return nil }
    return needle.withUnsafeBufferPointer { needle in
      fallback.withUnsafeBufferPointer { fallback in
        var matched = 0
        for (offset, scalar) in text.enumerated() {
          while matched > 0 && needle[matched] != scalar { matched = fallback[matched - 1] }
          if needle[matched] == scalar {
            matched += 1
            if matched == needle.count { return offset + 1 - needle.count }
          }
        }
        return nil
      }
    }
  }
}

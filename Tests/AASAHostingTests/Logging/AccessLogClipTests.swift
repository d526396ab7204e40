import Testing

@testable import AASAHosting

/// Access log fields are clipped by bytes: a target of 512 characters, each carrying combining
/// marks, was once kept whole (512 characters, many kilobytes).
@Suite("Access log fields clipped by bytes")
struct AccessLogClipTests {
  @Test func aFieldWithinTheLimitIsKept() {
    let text = String(repeating: "a", count: AccessLog.maximumFieldLength)
    #expect(AccessLog.clip(text) == text)
  }

  @Test func charactersWithManyMarksAreClippedByBytes() {
    // "e" and twenty combining acute accents: one character, 41 bytes.
    let heavy = "e" + String(repeating: "\u{301}", count: 20)
    let text = String(repeating: heavy, count: 100)
    #expect(text.count == 100)
    let clipped = AccessLog.clip(text)
    #expect(clipped.hasSuffix("…"))
    #expect(clipped.utf8.count <= AccessLog.maximumFieldLength + "…".utf8.count)
    // Cut where a scalar starts: what is kept is the text's own bytes, valid UTF-8.
    let kept = clipped.dropLast()
    #expect(text.utf8.starts(with: kept.utf8))
    #expect(kept.utf8.count > AccessLog.maximumFieldLength - 4)
  }

  @Test func aMultiByteScalarAtTheLimitIsNotCutInHalf() {
    let text = String(repeating: "a", count: AccessLog.maximumFieldLength - 1) + "日本"
    let clipped = AccessLog.clip(text)
    #expect(clipped == String(repeating: "a", count: AccessLog.maximumFieldLength - 1) + "…")
  }
}

import Testing

@testable import AASA

@Suite("Case and encoding (§3)")
struct CaseAndEncodingTests {
  @Test("Case matters by default")
  func caseSensitiveByDefault() {
    #expect(!patternMatches("/Buy", "/buy"))
    #expect(patternMatches("/Buy", "/Buy"))
  }

  @Test("caseSensitive: false folds both sides, ASCII and beyond")
  func folding() {
    #expect(patternMatches("/Buy/*", "/bUY/now", caseSensitive: false))
    #expect(patternMatches("/café", "/CAFÉ", caseSensitive: false))
    #expect(patternMatches("/CAFÉ", "/café", caseSensitive: false))
    #expect(!patternMatches("/café", "/CAFÉ"))
    #expect(patternMatches("/σ", "/Σ", caseSensitive: false))
    #expect(patternMatches("/σ", "/ς", caseSensitive: false))
    #expect(patternMatches("/k", "/\u{212A}", caseSensitive: false))
  }

  @Test("Simple folding leaves multi-scalar mappings alone")
  func simpleFoldingOnly() {
    #expect(CaseFolding.fold(UInt32(("ß" as Unicode.Scalar).value)) == 0xDF)
    #expect(CaseFolding.fold(0x131) == 0x131)
    #expect(CaseFolding.fold(UInt32(("É" as Unicode.Scalar).value)) == 0xE9)
  }

  @Test("Built-in classes fold too")
  func classesFold() {
    #expect(patternMatches("/$(upper)", "/a", caseSensitive: false))
    #expect(!patternMatches("/$(upper)", "/a"))
    #expect(patternMatches("/$(lower)", "/A", caseSensitive: false))
    #expect(!patternMatches("/$(lower)", "/A"))
    #expect(patternMatches("/$(xdigit)", "/F", caseSensitive: false))
  }

  @Test("Encoded: the hex case of escapes matters")
  func hexCase() {
    #expect(!patternMatches("/caf%C3%A9", "/caf%c3%a9"))
    #expect(patternMatches("/caf%C3%A9", "/caf%C3%A9"))
    #expect(!patternMatches("/café", "/caf%C3%A9"))
  }

  @Test("Decoded: the URL part is decoded, the pattern is left as written")
  func decoded() {
    #expect(patternMatches("/café", "/caf%C3%A9", percentEncoded: false))
    #expect(patternMatches("/café", "/caf%c3%a9", percentEncoded: false))
    #expect(patternMatches("/a b", "/a%20b", percentEncoded: false))
    #expect(!patternMatches("/a%20b", "/a%20b", percentEncoded: false))
    #expect(patternMatches("/a%20b", "/a%20b"))
  }

  @Test(
    "Decoding keeps what does not decode",
    arguments: [
      ("/a%2", "/a%2/"), ("/a%zz", "/a%zz/"), ("/%FF", "/%FF/"), ("/%C3", "/%C3/"),
      ("/%C3%28", "/%C3(/"), ("/%C0%AF", "/%C0%AF/"), ("/%ED%A0%80", "/%ED%A0%80/"),
      ("/%F0%9F%98%80", "/😀/"), ("/a+b", "/a+b/"), ("/%25", "/%/"),
    ])
  func decoding(text: String, expected: String) {
    #expect(prepared(text, percentEncoded: false) == expected)
  }

  @Test("Encoded and case-insensitive: escapes fold like letters")
  func encodedInsensitive() {
    #expect(patternMatches("/caf%C3%A9", "/caf%c3%a9", caseSensitive: false))
  }
}

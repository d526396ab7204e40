import Testing

@testable import AASA

@Suite("Substitution variables (§4)")
struct SubstitutionVariableTests {
  @Test(
    "One-character classes",
    arguments: [
      ("alpha", "q", true), ("alpha", "Q", true), ("alpha", "1", false),
      ("upper", "Q", true), ("upper", "q", false), ("lower", "q", true), ("lower", "Q", false),
      ("alnum", "7", true), ("alnum", "-", false), ("digit", "7", true), ("digit", "a", false),
      ("xdigit", "f", true), ("xdigit", "F", true), ("xdigit", "g", false),
      ("digit", "٣", false), ("alpha", "é", false),
    ])
  func characterClasses(name: String, character: String, matches: Bool) {
    #expect(patternMatches("/x$(\(name))y", "/x\(character)y") == matches)
  }

  @Test("A class matches exactly one character")
  func classIsOneCharacter() {
    #expect(patternMatches("/id/$(digit)$(digit)", "/id/42"))
    #expect(!patternMatches("/id/$(digit)", "/id/42"))
    #expect(!patternMatches("/id/$(digit)", "/id/"))
  }

  @Test("$(region) is an ISO 3166-1 alpha-2 code, in upper or lower case")
  func region() {
    #expect(patternMatches("/$(region)/*", "/GB/shop"))
    #expect(patternMatches("/$(region)/*", "/gb/shop"))
    #expect(!patternMatches("/$(region)/*", "/UK/shop"))
    #expect(!patternMatches("/$(region)/*", "/uk/shop"))
    #expect(!patternMatches("/$(region)/*", "/Gb/shop"))
    #expect(patternMatches("/$(region)/*", "/Gb/shop", caseSensitive: false))
    #expect(!patternMatches("/$(region)/*", "/GBR/shop"))
    #expect(patternMatches("/$(region)", "/de"))
    #expect(!patternMatches("/$(region)", "/zz"))
  }

  @Test("$(lang) is an ISO 639-1 or 639-2 code")
  func language() {
    #expect(patternMatches("/$(lang)/docs", "/en/docs"))
    #expect(patternMatches("/$(lang)/docs", "/EN/docs"))
    #expect(patternMatches("/$(lang)/docs", "/eng/docs"))
    #expect(patternMatches("/$(lang)/docs", "/ger/docs"))
    #expect(patternMatches("/$(lang)/docs", "/deu/docs"))
    #expect(!patternMatches("/$(lang)/docs", "/xx/docs"))
    #expect(!patternMatches("/$(lang)/docs", "/qab/docs"))
    #expect(!patternMatches("/$(lang)/docs", "/english/docs"))
    #expect(patternMatches("/$(lang)_$(region)/*", "/en_GB/x"))
    #expect(patternMatches("/$(lang)-$(region)/*", "/fr-ca/x"))
  }

  @Test("The ISO tables are complete and exclude non-codes")
  func tables() {
    #expect(ISORegionCodes.alpha2.count == 249)
    #expect(ISORegionCodes.alpha2.contains("GB"))
    #expect(!ISORegionCodes.alpha2.contains("UK"))
    #expect(ISOLanguageCodes.twoLetter.count == 184)
    #expect(ISOLanguageCodes.threeLetter.contains("eng"))
    #expect(!ISOLanguageCodes.threeLetter.contains("qaa"))
  }

  @Test("Custom variables match exactly one value; wildcards in values are wildcards")
  func custom() {
    let variables = VariableTable(custom: ["section": ["news", "blog/*", "?x", ""]])
    let pattern = Pattern("/$(section)", part: .path, variables: variables)
    #expect(pattern.matches("/news"))
    #expect(!pattern.matches("/newsy"))
    #expect(pattern.matches("/blog/2024/post"))
    #expect(pattern.matches("/blog"))
    #expect(pattern.matches("/ax"))
    #expect(!pattern.matches("/abx"))
    #expect(pattern.matches("/"))
    #expect(!pattern.matches("/other"))
  }

  @Test("An empty value makes an optional segment; `//` collapses across the variable")
  func emptyValueCollapses() {
    let variables = VariableTable(custom: ["locale": ["", "en", "fr/"]])
    let pattern = Pattern("/$(locale)/help", part: .path, variables: variables)
    #expect(pattern.matches("/help"))
    #expect(pattern.matches("/en/help"))
    #expect(pattern.matches("/fr/help"))
    #expect(!pattern.matches("/de/help"))
    #expect(!pattern.matches("//help/x"))
  }

  @Test("A trailing slash is added after a variable unless its value ends with `*`")
  func trailingSlashAfterVariable() {
    let variables = VariableTable(custom: ["v": ["a", "b*"]])
    let pattern = Pattern("/x/$(v)", part: .path, variables: variables)
    #expect(pattern.matches("/x/a"))
    #expect(pattern.matches("/x/a/"))
    #expect(!pattern.matches("/x/ab"))
    #expect(pattern.matches("/x/bcd/e"))
    #expect(pattern.literalPrefixString == "/x/")
  }

  @Test("A leading slash is added to a variable's expansion unless it starts with `*`")
  func leadingSlashBeforeVariable() {
    let variables = VariableTable(custom: ["v": ["a", "*.pdf"]])
    let pattern = Pattern("$(v)", part: .path, variables: variables)
    #expect(pattern.matches("/a"))
    #expect(pattern.matches("/docs/x.pdf"))
    #expect(!pattern.matches("/b"))
  }

  @Test("Custom names shadow built-ins; names are case-sensitive")
  func shadowing() {
    let variables = VariableTable(custom: ["digit": ["one", "two"]])
    #expect(patternMatches("/$(digit)", "/one", variables: variables))
    #expect(!patternMatches("/$(digit)", "/1", variables: variables))
    #expect(patternMatches("/$(digit)", "/1"))
    let pattern = Pattern("/$(Digit)", part: .path)
    #expect(pattern.neverMatches)
    #expect(pattern.issues == [.undefinedVariable(name: "Digit")])
  }

  @Test("An undefined variable never matches, not even `*`-like texts")
  func undefined() {
    let pattern = Pattern("*$(nope)*", part: .path)
    #expect(pattern.neverMatches)
    #expect(!pattern.matches("/anything"))
    #expect(!pattern.matches(""))
    #expect(!pattern.matchesEverything)
  }

  @Test("A value containing $( is dropped; no values left means no match")
  func droppedValues() {
    let variables = VariableTable(custom: ["a": ["x", "$(b)"], "c": ["$(d)"]])
    let kept = Pattern("/$(a)", part: .path, variables: variables)
    #expect(kept.issues == [.droppedVariableValue(name: "a", value: "$(b)")])
    #expect(kept.matches("/x"))
    #expect(!kept.matches("/$(b)"))
    let empty = Pattern("/$(c)", part: .path, variables: variables)
    #expect(empty.neverMatches)
    #expect(!empty.matches("/$(d)"))
  }

  @Test("An unterminated $( is literal text, and is reported")
  func unterminated() {
    let pattern = Pattern("/a$(b", part: .path)
    #expect(pattern.issues == [.unterminatedVariable(offset: 2)])
    #expect(pattern.matches("/a$(b"))
    #expect(!pattern.matches("/ab"))
  }

  @Test("A nested or empty variable name never matches")
  func invalidNames() {
    #expect(Pattern("/$(a$(b))", part: .path).neverMatches)
    #expect(Pattern("/$()", part: .path).neverMatches)
  }

  @Test("Variables work in queries and fragments, without normalization")
  func otherParts() {
    #expect(patternMatches("lang=$(lang)", "lang=en", part: .query))
    #expect(!patternMatches("lang=$(lang)", "lang=en&x", part: .query))
    #expect(patternMatches("$(region)", "GB", part: .fragment))
    #expect(!patternMatches("$(region)", "GB/", part: .fragment))
  }

  @Test("Case-insensitive custom values fold")
  func customFolding() {
    let variables = VariableTable(custom: ["v": ["Straße", "ÉTÉ"]])
    #expect(patternMatches("/$(v)", "/STRAßE", caseSensitive: false, variables: variables))
    #expect(patternMatches("/$(v)", "/été", caseSensitive: false, variables: variables))
    #expect(!patternMatches("/$(v)", "/été", variables: variables))
  }
}

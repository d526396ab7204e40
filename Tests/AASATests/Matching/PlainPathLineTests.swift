import Testing

@testable import AASA

/// Bulk routing splits plain lines itself (``PlainPathLine``): its parts must be exactly those of
/// ``URLInput``, and any line it cannot take must go to ``URLInput``.
@Suite("Plain path lines")
struct PlainPathLineTests {
  private static func plain(_ line: String) -> PlainPathLine? {
    Array(line.utf8).withUnsafeBufferPointer { PlainPathLine($0) }
  }

  @Test(
    "A bare path of plain ASCII splits as URLInput splits it",
    arguments: [
      "/", "/a", "/a/b/", "/a?b", "/a?", "/a#", "/a?#", "/a#b?c", "/a?b#c", "/a?b?c#d#e",
      "/products/x?utm_source=news&ref=1#top", "//double", "/a:b/c", "/%2F%41?%20=1",
    ])
  func splitsAsURLInput(line: String) throws {
    let parts = try #require(Self.plain(line))
    let input = URLInput(line)
    #expect(input.host == nil)
    #expect(parts.path == input.path)
    #expect(parts.query == (input.query ?? ""))
    #expect(parts.fragment == (input.fragment ?? ""))
  }

  @Test(
    "Anything else is left to URLInput",
    arguments: [
      "", "a/b", "https://example.com/a", "/a b", "/café", "/a\tb", "/a<b>", "/{x}", "/a'b",
      "/a`b", "/a^b", "/a\"b", " /a", "/a\u{7F}",
    ])
  func othersAreNotPlain(line: String) {
    #expect(Self.plain(line) == nil)
  }

  @Test("Routing a line's bytes decides as routing its URLInput does")
  func bytesRouteAsURLInput() throws {
    let matcher = try siteMatcher(
      componentsFile(
        #"""
        [{"/": "/a/*", "?": {"x": "1"}, "exclude": true},
         {"/": "/a/*", "#": "top"},
         {"/": "/b/*"}]
        """#))
    for line in [
      "/a/1?x=1", "/a/1#top", "/a/1", "/b/c?d#e", "/c", "/b/é", "https://h/b/1", "/A/1#top",
    ] {
      let bytes = Array(line.utf8).withUnsafeBufferPointer { matcher.firstMatch(utf8: $0) }
      let parsed = matcher.firstMatch(URLInput(line))
      #expect(bytes.app == parsed.app && bytes.kind == parsed.kind, "\(line)")
    }
  }
}

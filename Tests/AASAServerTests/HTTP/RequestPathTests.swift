import AASAServer
import Testing

@Suite("Request path resolution")
struct RequestPathTests {
  @Test(
    "canonical paths resolve to themselves",
    arguments: [
      "/.well-known/apple-app-site-association", "/apple-app-site-association", "/", "/docs/",
      "/a/b.txt",
    ])
  func canonical(_ path: String) {
    #expect(RequestPath.resolve(path) == .site(path))
  }

  @Test func queryAndFragmentAreIgnored() {
    #expect(RequestPath.resolve("/a.txt?x=1#y") == .site("/a.txt"))
  }

  @Test func percentEncodingIsDecodedOnce() {
    #expect(RequestPath.resolve("/a%20b.txt") == .site("/a b.txt"))
    #expect(RequestPath.resolve("/%2577") == .site("/%77"))
  }

  @Test func absoluteFormKeepsOnlyThePath() {
    #expect(RequestPath.resolve("https://example.com/x.json") == .site("/x.json"))
    #expect(RequestPath.resolve("http://example.com") == .site("/"))
  }

  @Test(
    "traversal and odd spellings are refused",
    arguments: [
      "/../secret", "/a/../../secret", "/%2e%2e/secret", "/%2E%2E%2Fsecret", "/.%2e/secret",
      "//etc/passwd", "/a//b", "/a\\..\\secret", "/a%5c..%5csecret", "/a%00.txt", "/a\u{0}",
      "/%c0%ae%c0%ae/secret", "/%c0%af", "/%e0%80%ae", "/%ff", "/%", "/%2", "/%zz", "/./a",
      "relative", "",
    ])
  func refused(_ target: String) {
    #expect(RequestPath.resolve(target) == .malformed)
  }

  @Test(
    "dotfiles are hidden, except the .well-known folder",
    arguments: ["/.env", "/.git/config", "/.well-known/.hidden", "/a/.htaccess", "/%2eenv"])
  func hidden(_ target: String) {
    #expect(RequestPath.resolve(target) == .hidden)
  }

  @Test func plainTargetsResolveToThemselves() {
    for target in ["/a/b.txt", "/.well-known/apple-app-site-association", "/docs/"] {
      #expect(RequestPath.isPlain(target))
      #expect(RequestPath.resolve(target) == .site(target))
    }
    for target in ["/a%20b", "/a?x", "/a#x", "/a\\b", "/a\u{1}", "a", ""] {
      #expect(!RequestPath.isPlain(target), "\(target)")
    }
  }

  @Test func wellKnownIsOnlySpecialAtTheTop() {
    #expect(RequestPath.resolve("/a/.well-known/x") == .hidden)
  }

  /// Fuzz finding (target `server-request`): segments were split and compared as Characters, and
  /// a `/` or a `.` followed by a combining mark is one Character (`/̼`, `.ޫ`), so `//̼G` resolved
  /// to a path with an empty segment, and `/.ޫx` (a dotfile's name) was not hidden.
  @Test(
    "a combining mark after a slash hides no empty segment",
    arguments: ["//\u{073C}G", "/a//\u{301}b", "/%2F%CC%81x"])
  func slashWithACombiningMark(_ target: String) {
    #expect(RequestPath.resolve(target) == .malformed)
  }

  @Test(
    "a combining mark after a dot hides no dotfile",
    arguments: [
      "/.\u{07AB}x", "/.\u{301}env", "/a/.\u{301}", "/..\u{301}/x", "/%2E%CC%81git/config",
      "/.well-known\u{301}/x",
    ])
  func dotWithACombiningMark(_ target: String) {
    #expect(RequestPath.resolve(target) == .hidden)
  }

  @Test func aCombiningMarkInsideASegmentIsAName() {
    #expect(RequestPath.resolve("/a\u{301}/b") == .site("/a\u{301}/b"))
    #expect(RequestPath.resolve("/\u{301}x") == .site("/\u{301}x"))
  }
}

@Suite("Content types")
struct ContentTypeTests {
  @Test func associationFilesAreJSON() {
    #expect(ContentType.forPath("/.well-known/apple-app-site-association") == "application/json")
    #expect(ContentType.forPath("/apple-app-site-association") == "application/json")
    #expect(ContentType.forPath("/.well-known/assetlinks.json") == "application/json")
  }

  @Test func byExtension() {
    #expect(ContentType.forPath("/index.html") == "text/html; charset=utf-8")
    #expect(ContentType.forPath("/A.PNG") == "image/png")
    #expect(ContentType.forPath("/notes.txt") == "text/plain; charset=utf-8")
    #expect(ContentType.forPath("/x/style.css") == "text/css; charset=utf-8")
  }

  @Test func unknownIsOctetStream() {
    #expect(ContentType.forPath("/README") == "application/octet-stream")
    #expect(ContentType.forPath("/file.unknownext") == "application/octet-stream")
    #expect(ContentType.forPath("/.well-known/other") == "application/octet-stream")
  }
}

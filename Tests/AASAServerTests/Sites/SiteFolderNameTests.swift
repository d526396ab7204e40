import Testing

@testable import AASAServer

/// `--sites` folder names that no request can reach are named, with the name to use.
@Suite("Site folder names")
struct SiteFolderNameTests {
  @Test(arguments: [
    "example.com", "shop.example.com", "127.0.0.1", "[::1]", "internal_host", "xn--caf-dma.example",
  ])
  func reachableNames(name: String) {
    #expect(SiteFolderName.problem(with: name) == nil)
  }

  @Test(arguments: [
    ("Example.com", "name the folder example.com"),
    ("café.example", "name the folder xn--caf-dma.example"),
    ("example.com.", "name the folder example.com"),
    ("example.com:8443", "name the folder example.com"),
    ("my site", "it is not a host name"),
    ("-bad.example", "it is not a host name"),
    ("a..example", "it is not a host name"),
    (String(repeating: "a", count: 64) + ".example", "it is not a host name"),
  ])
  func unreachableNames(name: String, advice: String) throws {
    let problem = try #require(SiteFolderName.problem(with: name))
    #expect(problem.contains(advice), "\(problem)")
  }
}

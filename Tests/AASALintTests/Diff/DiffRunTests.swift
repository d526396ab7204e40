import Testing

@testable import AASALint

@Suite struct DiffRunTests {
  let base = """
    {"applinks": {"details": [
      {"appIDs": ["D3KQX62K1A.com.example.app"],
       "components": [{"/": "/a/*"}, {"/": "/b/*", "exclude": true}, {"/": "/c/*"}]}
    ]}}
    """

  @Test func diffRunListsURLsThatRouteDifferentlyAndSetsTheExitCode() throws {
    let new = """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.app"],
         "components": [{"/": "/a/*"}, {"/": "/c/*"}]}
      ]}}
      """
    let run = DiffRun(
      old: .init(name: "old.json", bytes: Array(base.utf8)),
      new: .init(name: "new.json", bytes: Array(new.utf8)), exitCodeOnChange: true)
    let (status, text) = try rendered(try run.run(urls: .list(["/b/1", "/a/1", "/zzz"])))
    #expect(status == .findings)
    #expect(text.contains("/b/1  blocked → D3KQX62K1A.com.example.app") == false)
    #expect(text.contains("/b/1  blocked → "))
    #expect(text.contains("1 of 3 URLs route differently"))
  }
}

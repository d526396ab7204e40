import Testing

@testable import AASA

@Suite struct AssociationDiffTests {
  let base = """
    {"applinks": {"details": [
      {"appIDs": ["D3KQX62K1A.com.example.app"],
       "components": [{"/": "/a/*"}, {"/": "/b/*", "exclude": true}, {"/": "/c/*"}]}
    ]}}
    """

  @Test func identicalFilesHaveNoChange() throws {
    let diff = AssociationDiff(old: try association(base), new: try association(base))
    #expect(diff.isEmpty)
  }

  @Test func reformattingAndReorderingKeysIsNoChange() throws {
    let reformatted = """
      {"applinks":{"details":[{"components":[{"/":"/a/*","comment":"new comment"},
      {"exclude":true,"/":"/b/*"},{"/":"/c/*"}],"appIDs":["D3KQX62K1A.com.example.app"]}]}}
      """
    #expect(AssociationDiff(old: try association(base), new: try association(reformatted)).isEmpty)
  }

  @Test func movingASettingIntoDefaultsIsNoChange() throws {
    let old = """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
        "components": [{"/": "/a/*", "caseSensitive": false}, {"/": "/b/*", "caseSensitive": false}]}]}}
      """
    let new = """
      {"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
        "components": [{"/": "/a/*"}, {"/": "/b/*"}]}]}}
      """
    #expect(AssociationDiff(old: try association(old), new: try association(new)).isEmpty)
  }

  @Test func legacyNotPathEqualsItsComponentForm() throws {
    let old = """
      {"applinks": {"details": [{"appID": "D3KQX62K1A.com.example.app", "paths": ["NOT /x/*", "/y"]}]}}
      """
    let new = """
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.app"],
        "components": [{"/": "/x/*", "exclude": true}, {"/": "/y"}]}]}}
      """
    #expect(AssociationDiff(old: try association(old), new: try association(new)).isEmpty)
  }

  @Test func reportsAddedRemovedChangedAndMoved() throws {
    let new = """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.app"],
         "components": [{"/": "/c/*"}, {"/": "/a/*"}, {"/": "/b/*"}, {"/": "/d/*"}]}
      ]}}
      """
    let diff = AssociationDiff(old: try association(base), new: try association(new))
    let changes = try #require(diff.apps.first).rules
    var kinds: [String] = []
    for change in changes {
      switch change {
      case .added(let origin): kinds.append("added \(origin.written)")
      case .removed(let origin): kinds.append("removed \(origin.written)")
      case .changed(_, let new, let differences):
        kinds.append("changed \(new.written) \(differences.joined(separator: ";"))")
      case .moved(_, let new): kinds.append("moved \(new.written)")
      }
    }
    #expect(kinds.contains("added {\"/\":\"/d/*\"}"))
    #expect(kinds.contains("changed {\"/\":\"/b/*\"} exclude: true → false"))
    #expect(kinds.contains { $0.hasPrefix("moved") })
    #expect(!kinds.contains { $0.hasPrefix("removed") })
  }

  @Test func reportsAppsAddedAndRemovedAndReordered() throws {
    let old = """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/a/*"}]},
        {"appIDs": ["D3KQX62K1A.com.example.two"], "components": [{"/": "/a/*"}]}]}}
      """
    let new = """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.two"], "components": [{"/": "/a/*"}]},
        {"appIDs": ["D3KQX62K1A.com.example.one"], "components": [{"/": "/a/*"}]},
        {"appIDs": ["D3KQX62K1A.com.example.three"], "components": [{"/": "/z/*"}]}]}}
      """
    let diff = AssociationDiff(old: try association(old), new: try association(new))
    #expect(diff.apps.map(\.app) == ["D3KQX62K1A.com.example.three"])
    #expect(diff.apps.first?.presence == .added)
    #expect(diff.appOrder != nil)
  }

  @Test func changedVariableValuesChangeTheRulesThatUseThem() throws {
    func file(_ values: String) -> String {
      """
      {"applinks": {"substitutionVariables": {"cat": [\(values)]}, "details": [
        {"appIDs": ["D3KQX62K1A.com.example.app"], "components": [{"/": "/$(cat)/*"}]}]}}
      """
    }
    let diff = AssociationDiff(
      old: try association(file("\"books\"")), new: try association(file("\"books\", \"music\"")))
    #expect(!diff.isEmpty)
  }
}

import Foundation
import Testing

@testable import AASA

@Suite("Generating the applinks entitlement")
struct EntitlementsTemplateTests {
  @Test("One entry per domain; ?mode=developer added and explained when asked")
  func entries() throws {
    let text = try EntitlementsTemplate.entries(
      domains: [
        "Example.com", "applinks:*.example.com", "https://shop.example.com/x", "example.com",
      ],
      developerMode: true)
    #expect(text.contains("<key>com.apple.developer.associated-domains</key>"))
    let entries = text.split(separator: "\n").filter { $0.contains("<string>") }
    #expect(
      entries.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "<string>applinks:example.com</string>",
        "<string>applinks:example.com?mode=developer</string>",
        "<string>applinks:*.example.com</string>",
        "<string>applinks:*.example.com?mode=developer</string>",
        "<string>applinks:shop.example.com</string>",
        "<string>applinks:shop.example.com?mode=developer</string>",
      ])
    #expect(text.contains("Associated Domains Development"))
    let plain = try EntitlementsTemplate.entries(domains: ["example.com"])
    #expect(!plain.contains("mode=developer"))
  }

  @Test("The whole document is a property list that names the entries")
  func document() throws {
    let text = try EntitlementsTemplate.document(domains: ["example.com"])
    let plist = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
    let dictionary = try #require(plist as? [String: Any])
    #expect(dictionary[EntitlementsTemplate.key] as? [String] == ["applinks:example.com"])
  }

  @Test("Not a domain: refused", arguments: ["", "localhost", "exa mple.com", "-a.example.com"])
  func refused(domain: String) {
    #expect(throws: EntitlementsTemplate.Problem.self) {
      try EntitlementsTemplate.entries(domains: [domain])
    }
  }
}

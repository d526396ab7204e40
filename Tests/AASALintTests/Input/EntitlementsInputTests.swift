import AASALint
import Testing

@Suite("An app's entitlements given as a site's file")
struct EntitlementsInputTests {
  static let xmlPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>com.apple.developer.associated-domains</key>
    \t<array><string>applinks:shop.example.com</string></array>
    </dict>
    </plist>
    """

  @Test(
    "property lists are told from pages, manifests and JSON",
    arguments: [
      (xmlPlist, true),
      (
        "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<plist version=\"1.0\"><dict/></plist>",
        true
      ),
      ("<plist><dict/></plist>", true),
      ("bplist00\u{D0}\u{08}", true),
      ("<!doctype html><html><head></head></html>", false),
      ("<?xml version=\"1.0\"?>\n<manifest package=\"com.example.shop\"/>", false),
      ("<plistx/>", false),
      ("{\"applinks\": {\"details\": []}}", false),
      ("<!-- never closed <plist>", false),
      ("", false),
    ])
  func detects(_ content: String, _ isPropertyList: Bool) {
    #expect(EntitlementsInput.isPropertyList(Array(content.utf8)) == isPropertyList)
  }

  @Test("the refusal names the command that checks entitlements")
  func refusal() throws {
    let plist = Array(Self.xmlPlist.utf8)
    let refusal = try #require(
      EntitlementsInput.refusal(file: "App.entitlements", bytes: plist, kindGiven: false))
    #expect(
      refusal.description.hasSuffix("run: aasa-lint check --entitlements App.entitlements"),
      "\(refusal)")
    // By content whatever the name, and by name when --kind does not say otherwise.
    #expect(EntitlementsInput.refusal(file: "ent.xml", bytes: plist, kindGiven: true) != nil)
    #expect(EntitlementsInput.refusal(file: "App.entitlements", bytes: [], kindGiven: false) != nil)
    #expect(EntitlementsInput.refusal(file: "App.entitlements", bytes: [], kindGiven: true) == nil)
    #expect(
      EntitlementsInput.refusal(file: "page.html", bytes: Array("<html>".utf8), kindGiven: false)
        == nil)
    let spaced = try #require(
      EntitlementsInput.refusal(file: "My App.entitlements", bytes: plist, kindGiven: false))
    #expect(spaced.description.hasSuffix("--entitlements 'My App.entitlements'"), "\(spaced)")
  }
}

import Foundation
import Testing

@testable import AASALint

@Suite struct AssetLinksDiffRunTests {
  static let upload =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let signing =
    "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

  static func file(_ fingerprint: String, rules: String) -> String {
    """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.shop",
                 "sha256_cert_fingerprints": ["\(fingerprint)"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls":
        {"dynamic_app_link_components": \(rules)}}}]
    """
  }

  func diff(_ old: String, _ new: String, urls: [String], format: OutputFormat = .text) throws
    -> (AASALint.ExitStatus, String)
  {
    let run = DiffRun(
      old: .init(name: "old/assetlinks.json", bytes: Array(old.utf8)),
      new: .init(name: "new/assetlinks.json", bytes: Array(new.utf8)), exitCodeOnChange: true)
    return try rendered(try run.run(urls: .list(urls)), format)
  }

  @Test func grantsAndVerdictChangesAreListed() throws {
    let old = Self.file(Self.upload, rules: #"[{"/": "/products/*"}]"#)
    let new = Self.file(
      Self.signing, rules: #"[{"/": "/products/old", "exclude": true}, {"/": "/products/*"}]"#)
    let (status, text) = try diff(
      old, new, urls: ["https://s/products/old", "https://s/products/new"])
    #expect(status == .findings)
    #expect(
      text.contains(
        "+ grant delegate_permission/common.handle_all_urls to com.example.shop \(Self.signing)"))
    #expect(
      text.contains(
        "- grant delegate_permission/common.handle_all_urls to com.example.shop \(Self.upload)"))
    #expect(text.contains(#"+ {"/":"/products/old","exclude":true}"#))
    #expect(text.contains("https://s/products/old  com.example.shop: open → excluded"))
    #expect(text.contains("1 of 2 URLs change verdict on Android"))
  }

  @Test func jsonSaysWhatChanged() throws {
    let old = Self.file(Self.upload, rules: #"[{"/": "*"}]"#)
    let (status, text) = try diff(old, old, urls: ["https://s/a"], format: .json)
    #expect(status == .success)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(json["kind"] as? String == "assetlinks")
    #expect(json["changed"] as? Bool == false)
    #expect(json["routed"] as? Int == 1)
  }
}

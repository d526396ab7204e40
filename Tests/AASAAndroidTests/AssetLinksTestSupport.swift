import AASACore

@testable import AASAAndroid

/// The signing certificate of the example app, as `keytool` prints it.
let exampleFingerprint =
  "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

/// A second, unrelated certificate.
let otherFingerprint =
  "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

/// A JSON `android_app` statement; every part can be replaced with raw JSON to inject one mistake.
func appStatement(
  relations: String = #"["delegate_permission/common.handle_all_urls"]"#,
  package: String = #""com.example.app""#,
  fingerprints: String = "[\"\(exampleFingerprint)\"]",
  extraTargetKeys: String = ""
) -> String {
  """
  {"relation": \(relations), "target": {"namespace": "android_app", "package_name": \(package), \
  "sha256_cert_fingerprints": \(fingerprints)\(extraTargetKeys)}}
  """
}

/// A JSON `web` statement.
func webStatement(
  relations: String = #"["delegate_permission/common.get_login_creds"]"#,
  site: String = #""https://example.com""#
) -> String {
  #"{"relation": \#(relations), "target": {"namespace": "web", "site": \#(site)}}"#
}

/// Reads `text` (which must be JSON) and parses it as a statement list.
func parseStatementList(_ text: String) -> (
  statementList: StatementList?, diagnostics: [Diagnostic]
) {
  guard let json = JSONReader.read(text).value else {
    fatalError("the test's JSON does not parse: \(text)")
  }
  return AssetLinksFile.parse(json)
}

/// The diagnostics of `text` as a statement list, in file order.
func assetLinksFindings(_ text: String) -> [Diagnostic] {
  parseStatementList(text).diagnostics.sortedByLocation()
}

/// `code@path` for every finding, in file order: compact to compare exactly.
func assetLinksSummary(_ text: String) -> [String] {
  assetLinksFindings(text).map { "\($0.code.rawValue)@\($0.path)" }
}

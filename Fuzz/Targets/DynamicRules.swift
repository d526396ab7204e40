// dynamic-rules: Android 15 dynamic rules, parsed, checked and routed.
//
// Input: the value of `dynamic_app_link_components` (any JSON, usually an array), then
// optionally a NUL byte and one URL per line. Checks: the verdict's component exists and is the
// first in file order to match; an open or exclude verdict names a component of that kind;
// discarded rules give `none`; nothing matched gives `excluded` with no component.

import AASACore

@testable import AASAAndroid

private let maximumURLs = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDynamicRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (components, lines) = splitAtFirstNUL(bytes)
  let file =
    Array(
      #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}, "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": "#
        .utf8) + components + Array("}}}]".utf8)
  guard let json = JSONReader.read(file).value else { return 0 }
  let parsed = AssetLinksFile.parse(json)
  guard let list = parsed.statementList else { return 0 }
  let router = AndroidRouter(list)
  let urls = lines ?? ["https://example.com/", "https://example.com/a/b?c=d#e"]
  for url in urls.prefix(maximumURLs) {
    for verdict in router.route(url).verdicts {
      let rules = router.apps.first { $0.package == verdict.app }?.rules
      guard let rules, rules.isInForce else {
        require(verdict.kind == .none, "a verdict without rules in force")
        continue
      }
      let parts = AndroidURLParts(url)
      let firstMatch = rules.components.first { $0.matches(parts) }
      require(verdict.component == firstMatch?.index, "not the first matching component")
      switch verdict.kind {
      case .open: require(firstMatch?.excludes == false, "open by an exclude")
      case .excluded:
        require(firstMatch == nil || firstMatch?.excludes == true, "excluded by an allow")
      case .none: require(false, "none with rules in force")
      }
    }
  }
  return 0
}

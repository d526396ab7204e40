/// Checks an Android `assetlinks.json` statement list.
public enum AssetLinksValidator {
  /// Every finding about `json` as a statement list; the linter's entry point.
  public static func validate(_ json: JSONValue) -> [Diagnostic] {
    AssetLinksFile.parse(json).diagnostics
  }
}

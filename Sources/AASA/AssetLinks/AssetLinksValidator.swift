/// Checks an Android `assetlinks.json` statement list.
public enum AssetLinksValidator {
  public static func validate(_ json: JSONValue) -> [Diagnostic] {
    // Filled in by the assetlinks work (issue 3).
    []
  }
}

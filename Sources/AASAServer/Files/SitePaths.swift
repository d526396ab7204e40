/// The paths that matter to Apple's and Google's fetchers.
public enum SitePaths {
  public static let appleAppSiteAssociation = "/.well-known/apple-app-site-association"
  /// Apple still fetches the file from the root of the domain when the well-known one is missing.
  public static let legacyAppleAppSiteAssociation = "/apple-app-site-association"
  public static let assetLinks = "/.well-known/assetlinks.json"
  /// A link domain's fallback rules (docs/links.md): read, checked and answered from, never
  /// served as a file.
  public static let links = "/links.json"
}

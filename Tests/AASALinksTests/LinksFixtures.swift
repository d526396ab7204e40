import AASACore
import AASALinks

/// The files the links tests lint: a site whose AASA claims `/p/*` and `/invite/*` for an iPhone
/// app, and whose assetlinks.json grants an Android app every path but `/help/*`.
enum LinksFixtures {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.shop"],
      "components": [{"/": "/p/*"}, {"/": "/invite/*"}]}]}}
    """

  static let assetLinks = """
    [{"relation": ["delegate_permission/common.handle_all_urls"],
      "target": {"namespace": "android_app", "package_name": "com.example.shop",
        "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
      "relation_extensions": {"delegate_permission/common.handle_all_urls": {
        "dynamic_app_link_components": [{"/": "/help/*", "exclude": true}, {"/": "*"}]}}}]
    """

  static let links = """
    {
      "domain": "go.example.com",
      "defaults": {
        "ios": "https://apps.apple.com/app/example-shop/id284882215",
        "android": "https://play.google.com/store/apps/details?id=com.example.shop",
        "web": "https://www.example.com/",
        "appName": "Example Shop",
        "og": {"title": "Example Shop", "image": "https://www.example.com/card.png"}
      },
      "rules": [
        {"path": "/p/*", "web": "https://www.example.com/products?from=link",
         "og": {"title": "A product", "description": "Seen in the Example Shop"}},
        {"path": "/invite/*", "caseSensitive": false}
      ]
    }
    """

  static var claims: SiteClaims {
    SiteClaims.read(
      appleAppSiteAssociation: Array(association.utf8), assetLinks: Array(assetLinks.utf8),
      domain: "go.example.com")
  }

  static func lint(
    _ text: String, claims: SiteClaims? = LinksFixtures.claims, domain: String? = nil
  )
    -> LinksReport
  {
    LinksLinter(claims: claims, domain: domain).lint(Array(text.utf8), source: "links.json")
  }
}

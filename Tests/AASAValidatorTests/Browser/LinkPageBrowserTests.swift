import Foundation
import TestSupport
import Testing

/// `links.json`'s in-app page in a real browser: headless Chromium, posing as Instagram's
/// browser on an iPhone, loads a link from `aasa-serve` over TLS on loopback. The page must show
/// "Open in the app" to the link itself and the App Store (not Google Play), take its one inline
/// style under the page's Content-Security-Policy (no violation in the console), fit a phone's
/// width, and open the link when "Open in the app" is tapped (the file names no domain, so the
/// link is on this origin, port included, and the server answers it again). The cases are in
/// Resources/link_page_test.py.
@Suite(.serialized) struct LinkPageBrowserTests {
  @Test(.programsTimeLimit) func inAppPageWorksInChromium() async throws {
    guard let browser = try await BrowserScript.find(for: "LinkPageBrowserTests") else { return }
    let directory = try TemporaryDirectory(label: "link-page-browser")
    try directory.write(
      "site/.well-known/apple-app-site-association",
      #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.shop"], "components": [{"/": "/p/*"}]}]}}"#
    )
    try directory.write(
      "site/links.json",
      """
      {"rules": [{"path": "/p/*", "appName": "Example Shop",
         "ios": "https://apps.apple.com/app/example-shop/id284882215",
         "android": "https://play.google.com/store/apps/details?id=com.example.shop",
         "web": "https://www.example.com/products",
         "og": {"title": "A product", "description": "Seen in the Example Shop"}}]}
      """)
    let certificate = try LoopbackCertificate(in: directory)
    let server = try RunningProgram(
      "aasa-serve",
      [
        "--root", directory.file("site"), "--port", "0", "--tls-cert", certificate.chainFile,
        "--tls-key", certificate.keyFile, "--allow-untrusted-certificate",
      ], in: directory)
    let port = try await server.wait(for: "listening line") { text in
      text.firstMatch(of: /listening on https:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) }
    }
    let result = try await browser.run(
      "link_page_test.py",
      [
        "page": "https://127.0.0.1:\(port)/p/42?ref=ig",
        "userAgent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.26.90 (iPhone15,2; iOS 17_4; en_US; en; scale=3.00; 1179x2556; 604047934)",
        "open": "https://127.0.0.1:\(port)/p/42?ref=ig",
        "store": "https://apps.apple.com/app/example-shop/id284882215",
        "web": "https://www.example.com/products?ref=ig",
        "screenshots": directory.path,
      ])
    #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)\nserver: \(server.errors)")
    #expect(result.stdout.contains("ok   the open link is the link itself"), "\(result.stdout)")
  }
}

// applinks: read a page with gumbo, lint its App Link, navigate it on every device, and read each
// navigation back as BFURL.
//
// Input: the page. Checks: the findings are in page order and inside the page; every target's
// tags are inside the page; a navigation opens an app only with a target of the device, falls
// back only when there is a fallback, and fails only when there is none; the URL a navigation
// opens carries al_applink_data that BFURL reads back whole, with the source URL as its target.

import AASAAppLinks
import AASACore

private let sourceURL = "https://example.com/docs?a=1&b=2+3#top"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let reading = AppLinkParser.read(bytes, sourceURL: sourceURL)
  var previous = -1
  for diagnostic in AppLinksLinter.lint(reading) {
    require(diagnostic.location.offset >= previous, "findings out of page order")
    require(diagnostic.location.offset <= bytes.count, "a finding past the end of the page")
    previous = diagnostic.location.offset
  }
  for target in reading.appLink.targets {
    require(target.location.offset < max(bytes.count, 1), "a target's tag past the end")
  }
  let request = NavigationRequest(
    extras: .object([("token", .string("t0&k=n+?"))]), userAgent: "aasa fuzz")
  for device in Device.allCases {
    // Every scheme and package the page names is installed: the first target must win.
    let everything = reading.appLink.targets.flatMap { target -> [String] in
      device == .android
        ? [target.package ?? ""] : [target.url.flatMap { URLText($0).scheme } ?? ""]
    }
    for installed in [[], everything] {
      let navigation = Navigator.navigate(
        reading.appLink, on: device, installed: .parse(installed, for: device), request: request)
      switch navigation.outcome {
      case .app:
        require(
          navigation.target.map { device.platforms.contains($0.platform) } == true,
          "opened a target of another platform")
        require(!installed.isEmpty || device != .android, "an app opened with nothing installed")
      case .web:
        let fallback =
          device == .android
          ? reading.appLink.web.androidFallbackURL(sourceURL: sourceURL)
          : reading.appLink.fallbackURL
        require(fallback != nil, "fell back without a fallback")
      case .failure:
        require(navigation.url == nil, "a failed navigation opened a URL")
      }
      if let url = navigation.url, navigation.intent == nil, URLText(url).isValidAbsolute {
        let inbound = InboundParser.parse(url)
        require(inbound.appLinkData != nil, "al_applink_data did not survive the round trip")
        require(inbound.targetURL == sourceURL, "target_url changed on the way")
      }
    }
  }
  return 0
}

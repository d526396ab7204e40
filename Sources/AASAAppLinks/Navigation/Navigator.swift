import AASACore

/// Navigates an App Link as Bolts does (`docs/applinks.md#navigating`): the first target of the
/// device that an installed app can open wins; else the web fallback, with `al_applink_data`; else
/// failure.
public enum Navigator {
  public static func navigate(
    _ appLink: AppLink, on device: Device, installed: InstalledApps, request: NavigationRequest
  ) -> Navigation {
    var diagnostics: [Diagnostic] = []
    if appLink.sourceURL == nil {
      diagnostics.append(
        Diagnostic(
          .AppLinks.noSourceURL, at: .start, path: "",
          message:
            "no source URL: al_applink_data has no target_url, and there is no fallback to the page"
        ))
    }
    let candidates = device.targets(in: appLink)
    if candidates.isEmpty, device != .web {
      diagnostics.append(
        Diagnostic(
          .AppLinks.noTargetsForDevice, at: .start, path: "",
          message:
            "the page has no target for \(device.rawValue)"
            // Only when the device reads other platforms' targets too: `iphone (iphone, ios)`.
            + (device.platforms.map(\.rawValue) == [device.rawValue]
              ? "" : " (\(device.platforms.map(\.rawValue).joined(separator: ", ")))")
        ))
    }
    let data = appLinkData(appLink, device: device, request: request)

    for target in candidates {
      if device == .android {
        let dataURL = target.url ?? appLink.sourceURL
        let scheme = dataURL.flatMap { URLText($0).scheme }
        guard
          installed.resolves(
            package: target.package, className: target.className, dataScheme: scheme)
        else { continue }
        let intent = Navigation.Intent(
          package: target.package, className: target.className, data: dataURL, appLinkData: data)
        return finish(
          device: device, outcome: .app, target: target, url: dataURL, intent: intent, data: data,
          appLink: appLink, diagnostics: diagnostics)
      }
      guard let url = target.url, URLText(url).isValidAbsolute, let scheme = URLText(url).scheme,
        installed.canOpen(scheme: scheme)
      else { continue }
      let opened = adding(data, to: url)
      diagnostics += trapDiagnostics(data, device: device)
      return finish(
        device: device, outcome: .app, target: target, url: opened, intent: nil, data: data,
        appLink: appLink, diagnostics: diagnostics)
    }

    let fallback =
      device == .android
      ? appLink.web.androidFallbackURL(sourceURL: appLink.sourceURL) : appLink.fallbackURL
    if let fallback {
      diagnostics += trapDiagnostics(data, device: device)
      return finish(
        device: device, outcome: .web, target: nil, url: adding(data, to: fallback), intent: nil,
        data: data, appLink: appLink, diagnostics: diagnostics)
    }
    var reason = candidates.isEmpty ? "no target for \(device.rawValue)" : "no target installed"
    if !appLink.web.shouldFallback {
      reason += " and should_fallback is false"
    } else if appLink.sourceURL == nil {
      reason += " and no web fallback (no source URL, no al:web:url)"
    } else {
      reason += " and no web fallback"
    }
    var navigation = finish(
      device: device, outcome: .failure, target: nil, url: nil, intent: nil, data: nil,
      appLink: appLink, diagnostics: diagnostics)
    navigation.failureReason = reason
    return navigation
  }

  /// `al_applink_data` (`docs/applinks.md#what-the-app-is-sent`): the caller's data, then
  /// `user_agent` and `version` (on iOS only when the caller's data lacks them; Bolts for Android
  /// always sets both), `target_url` = the source URL, `extras`, and a `referer_app_link`.
  public static func appLinkData(_ appLink: AppLink, device: Device, request: NavigationRequest)
    -> JSONValue
  {
    var data = request.appLinkData?.members != nil ? request.appLinkData! : .object([])
    let overwrites = device == .android
    if overwrites || data["user_agent"] == nil {
      data = data.setting("user_agent", to: .string(request.userAgent))
    }
    if overwrites || data["version"] == nil {
      data = data.setting("version", to: .string("1.0"))
    }
    if let source = appLink.sourceURL {
      data = data.setting("target_url", to: .string(source))
    }
    data = data.setting(
      "extras", to: request.extras?.members != nil ? request.extras! : .object([]))
    if device == .android {
      // Bolts for Android always names the navigating app.
      data = data.setting(
        "referer_app_link",
        to: .object([
          ("package", .string("aasa")), ("app_name", .string(request.refererAppName ?? "aasa")),
        ]))
    } else if let name = request.refererAppName, let url = request.refererURL {
      data = data.setting(
        "referer_app_link", to: .object([("app_name", .string(name)), ("url", .string(url))]))
    }
    return data
  }

  /// `url` + `?` or `&` + `al_applink_data=` + the JSON, encoded strictly, before any fragment.
  public static func adding(_ data: JSONValue, to url: String) -> String {
    let parsed = URLText(url)
    let end = parsed.fragmentStart ?? url.endIndex
    let separator = parsed.query == nil ? "?" : (parsed.query!.isEmpty ? "" : "&")
    return String(url[..<end]) + separator + "al_applink_data="
      + QueryEncoding.strict(data.compactText) + String(url[end...])
  }

  /// The encoding trap (`docs/applinks.md#what-the-app-is-sent`): would Bolts' or the Facebook
  /// SDK's iOS encoding split the data?
  private static func trapDiagnostics(_ data: JSONValue, device: Device) -> [Diagnostic] {
    guard device.isIOS, data.compactText.contains("&") else { return [] }
    return [
      Diagnostic(
        .AppLinks.encodingTrap, at: .start, path: "al_applink_data",
        message:
          "al_applink_data holds \"&\" (in target_url or the extras): Bolts and the Facebook SDK for iOS send it unencoded and the receiver loses al_applink_data; aasa's URL encodes it"
      )
    ]
  }

  private static func finish(
    device: Device, outcome: Navigation.Outcome, target: AppLinkTarget?, url: String?,
    intent: Navigation.Intent?, data: JSONValue?, appLink: AppLink, diagnostics: [Diagnostic]
  ) -> Navigation {
    let source = appLink.sourceURL.map(URLText.init)
    let type: String
    switch outcome {
    case .app: type = "app"
    case .web: type = "web"
    case .failure: type = device == .android ? "failed" : "fail"
    }
    let event = MeasurementEvent(
      name: "al_nav_out",
      args: [
        ("outputURL", url ?? ""), ("outputURLScheme", url.flatMap { URLText($0).scheme } ?? ""),
        ("sourceURL", appLink.sourceURL ?? ""), ("sourceHost", source?.host ?? ""),
        ("sourceScheme", source?.scheme ?? ""), ("success", outcome == .failure ? "0" : "1"),
        ("type", type),
      ])
    return Navigation(
      device: device, outcome: outcome, target: target, url: url, intent: intent,
      appLinkData: data, events: [event], failureReason: nil, diagnostics: diagnostics)
  }
}

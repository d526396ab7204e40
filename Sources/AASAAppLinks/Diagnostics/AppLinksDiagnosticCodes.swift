import AASACore

// The App Links codes: `AL0xx` the page and its tags, `AL1xx` app targets, `AL2xx` the web
// fallback, `AL3xx` a navigation, `AL4xx` an inbound URL. `docs/applinks.md` documents each.
// Append new codes; never renumber or reuse one.
extension DiagnosticCode {
  /// The App Links page codes.
  public enum AppLinks {
    // MARK: The page and its tags (AL0xx)

    public static let noTags = DiagnosticCode(
      "AL001", .warning, "no App Links tags",
      help:
        "add <meta property=\"al:…\" content=\"…\"> tags, e.g. al:ios:url and al:android:package")
    public static let nameAttribute = DiagnosticCode(
      "AL002", .warning, "al: tag in a name attribute",
      help: "write property=\"al:…\": Bolts and the Facebook SDKs read only the property attribute")
    public static let missingContent = DiagnosticCode(
      "AL003", .warning, "tag without content",
      help: "add a content attribute; without it the key has no value")
    public static let outsideHead = DiagnosticCode(
      "AL004", .warning, "tag outside <head>",
      help:
        "move the tag into <head>: Bolts reads it anywhere, but other crawlers read only the head"
    )
    public static let commentedOut = DiagnosticCode(
      "AL005", .info, "App Links tag in a comment",
      help: "a commented-out tag is not read; remove the comment markers if it should count")
    public static let unknownPlatform = DiagnosticCode(
      "AL006", .error, "unknown platform",
      help: "use ios, iphone, ipad, android, windows_phone, windows, windows_universal or web")
    public static let unknownKey = DiagnosticCode(
      "AL007", .error, "unknown key", help: "use one of the platform's keys")
    public static let strayWhitespace = DiagnosticCode(
      "AL008", .warning, "whitespace around a value",
      help: "remove the spaces: the value is used exactly as written")
    public static let emptyValue = DiagnosticCode(
      "AL009", .warning, "empty value", help: "give the tag a value or remove it")
    public static let propertyCase = DiagnosticCode(
      "AL010", .warning, "al: prefix in the wrong case",
      help: "write the property in lower case (al:ios:url): the prefix is compared case-sensitively"
    )
    public static let pageNotRead = DiagnosticCode(
      "AL011", .error, "page not read",
      help: "serve a smaller page, or one nested less deeply; resolvers give up on such pages too")
    public static let malformedProperty = DiagnosticCode(
      "AL012", .error, "malformed property",
      help: "write the property as al:<platform>:<key> (or al:<platform> to start a group)")
    public static let markerWithContent = DiagnosticCode(
      "AL013", .warning, "group marker with content",
      help: "al:<platform> only starts a group; its content is ignored")

    // MARK: App targets (AL1xx)

    public static let missingRequiredKey = DiagnosticCode(
      "AL101", .error, "target without its required key",
      help: "give every target the key it is opened by: url on iOS and Windows, package on Android")
    public static let appStoreIDNotNumeric = DiagnosticCode(
      "AL102", .error, "app_store_id is not numeric",
      help: "use the App Store ID's digits only, e.g. 284882215 (not id284882215)")
    public static let invalidPackage = DiagnosticCode(
      "AL103", .error, "invalid Android package name",
      help:
        "use a Java package name: letters, digits and _ in at least two dot-separated parts, e.g. com.example.app"
    )
    public static let invalidClass = DiagnosticCode(
      "AL104", .error, "invalid Android class name",
      help: "use the activity's fully-qualified class name, e.g. com.example.app.DocsActivity")
    public static let appIDNotGUID = DiagnosticCode(
      "AL105", .error, "app_id is not a GUID",
      help: "use the store's GUID, e.g. a14e93aa-27c7-df11-a844-00237de2db9f")
    public static let invalidURL = DiagnosticCode(
      "AL106", .error, "invalid URL",
      help:
        "write an absolute URL with a scheme (bolts://docs), percent-encoding spaces and non-ASCII characters"
    )
    public static let groupCountsDiffer = DiagnosticCode(
      "AL107", .warning, "key counts in a group differ",
      help:
        "start each target with a marker (<meta property=\"al:ios\">) so its tags cannot pair with another target's"
    )
    public static let webURLAsAppURL = DiagnosticCode(
      "AL108", .warning, "app target with a web URL",
      help:
        "use the app's own URL scheme: iOS can always open an http(s) URL (in Safari), so this target always wins"
    )
    public static let duplicateTarget = DiagnosticCode(
      "AL109", .warning, "duplicate target", help: "remove the repeated target")
    public static let shadowedTarget = DiagnosticCode(
      "AL110", .info, "target after a web URL target",
      help: "targets after one that always opens are never tried; order app schemes first")

    // MARK: The web fallback (AL2xx)

    public static let unrecognisedShouldFallback = DiagnosticCode(
      "AL201", .warning, "unrecognised should_fallback",
      help:
        "write true or false: only no, false and 0 switch the fallback off, anything else keeps it")
    public static let noFallbackNoApp = DiagnosticCode(
      "AL202", .warning, "should_fallback false without an app target",
      help:
        "add app targets, or let the page fall back to the web: every navigation fails as written"
    )
    public static let webURLNotHTTP = DiagnosticCode(
      "AL203", .error, "al:web:url is not http(s)",
      help: "the web fallback opens in a browser: give an http or https URL")
    public static let webURLWithoutContent = DiagnosticCode(
      "AL204", .warning, "al:web:url without content",
      help:
        "give it a URL or remove it: Bolts for Android reads it as no fallback at all, iOS as the page"
    )
    public static let shouldFallbackWithoutContent = DiagnosticCode(
      "AL205", .error, "should_fallback without content",
      help: "give it content=\"false\" or remove it: Bolts for Android crashes on it")
    public static let ignoredWebValue = DiagnosticCode(
      "AL206", .warning, "web value not read",
      help: "only the first web group's first url and should_fallback are read: remove the rest")

    // MARK: A navigation (AL3xx)

    public static let noSourceURL = DiagnosticCode(
      "AL301", .warning, "no source URL",
      help: "give the URL the page is served at")
    public static let encodingTrap = DiagnosticCode(
      "AL302", .warning, "al_applink_data breaks with iOS encoding",
      help:
        "aasa encodes every reserved character; Bolts and the Facebook SDK for iOS leave & = + ? raw, so receivers split the data"
    )
    public static let noTargetsForDevice = DiagnosticCode(
      "AL303", .info, "no targets for the device",
      help: "add tags for this platform if the app exists on it")

    // MARK: An inbound URL (AL4xx)

    public static let inboundNotJSON = DiagnosticCode(
      "AL401", .error, "al_applink_data is not JSON",
      help: "the sender must send JSON, percent-encoded as a whole")
    public static let inboundNotObject = DiagnosticCode(
      "AL402", .error, "al_applink_data is not an object",
      help: "al_applink_data must be a JSON object")
    public static let inboundWrongVersion = DiagnosticCode(
      "AL403", .error, "al_applink_data has another version",
      help: "BFURL accepts only a version of exactly \"1.0\" (a string), or none")
    public static let inboundCutAtAmpersand = DiagnosticCode(
      "AL404", .error, "al_applink_data cut at a raw &",
      help:
        "the sender left & unencoded (Bolts/Facebook SDK on iOS do): encode everything outside A–Z a–z 0–9 - . _ ~"
    )
    public static let inboundTargetURL = DiagnosticCode(
      "AL405", .warning, "target_url unusable",
      help: "target_url must be a string holding a valid URL; the input URL is used instead")
    public static let inboundRefererIncomplete = DiagnosticCode(
      "AL406", .info, "referer_app_link incomplete",
      help: "give referer_app_link both url and app_name, or no back link is offered")
    public static let inboundInvalidURL = DiagnosticCode(
      "AL407", .error, "inbound URL invalid", help: "give an absolute URL, e.g. bolts://docs?x=1")
    public static let inboundExtrasNotObject = DiagnosticCode(
      "AL408", .warning, "extras is not an object",
      help: "extras must be a JSON object; appLinkExtras is empty otherwise")
  }

  /// Every App Links code, in number order.
  public static let appLinksCatalog: [DiagnosticCode] = [
    AppLinks.noTags, AppLinks.nameAttribute, AppLinks.missingContent, AppLinks.outsideHead,
    AppLinks.commentedOut, AppLinks.unknownPlatform,
    AppLinks.unknownKey, AppLinks.strayWhitespace, AppLinks.emptyValue, AppLinks.propertyCase,
    AppLinks.pageNotRead,
    AppLinks.malformedProperty, AppLinks.markerWithContent,
    AppLinks.missingRequiredKey, AppLinks.appStoreIDNotNumeric, AppLinks.invalidPackage,
    AppLinks.invalidClass, AppLinks.appIDNotGUID,
    AppLinks.invalidURL, AppLinks.groupCountsDiffer, AppLinks.webURLAsAppURL,
    AppLinks.duplicateTarget, AppLinks.shadowedTarget,
    AppLinks.unrecognisedShouldFallback, AppLinks.noFallbackNoApp, AppLinks.webURLNotHTTP,
    AppLinks.webURLWithoutContent,
    AppLinks.shouldFallbackWithoutContent, AppLinks.ignoredWebValue,
    AppLinks.noSourceURL, AppLinks.encodingTrap, AppLinks.noTargetsForDevice,
    AppLinks.inboundNotJSON, AppLinks.inboundNotObject, AppLinks.inboundWrongVersion,
    AppLinks.inboundCutAtAmpersand,
    AppLinks.inboundTargetURL, AppLinks.inboundRefererIncomplete, AppLinks.inboundInvalidURL,
    AppLinks.inboundExtrasNotObject,
  ]
}

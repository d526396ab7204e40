import AASACore

/// The checks of a page (`docs/applinks.md#how-a-page-is-read`, and the publishing mistakes seen in
/// practice). One pass over the tags, one over the targets; nothing quadratic in the page.
struct AppLinksChecks: DiagnosticReporting {
  var diagnostics: [Diagnostic] = []
  var tally = FindingTally()

  /// The findings about `reading`, in page order.
  static func check(_ reading: PageReading) -> [Diagnostic] {
    var linter = AppLinksChecks()
    linter.checkPage(reading)
    for tag in reading.tags { linter.checkTag(tag) }
    linter.checkTargets(reading)
    linter.checkWeb(reading)
    return linter.allDiagnostics.sortedByLocation()
  }

  private static let platformNames = AppLinkPlatform.allCases.map(\.rawValue)

  private mutating func checkPage(_ reading: PageReading) {
    switch reading.scan.refusal {
    case .tooLarge(let bytes):
      report(
        .AppLinks.pageNotRead, at: .start, "",
        "the page is \(bytes) bytes; pages over \(HTMLReader.maximumSize) bytes are not read")
    case .nestedTooDeep(let estimate):
      report(
        .AppLinks.pageNotRead, at: .start, "",
        "elements nest about \(estimate) deep; pages nested over \(HTMLReader.maximumNesting) deep are not read"
      )
    case .tooManyNodes:
      report(
        .AppLinks.pageNotRead, at: .start, "",
        "the page has over \(HTMLReader.maximumNodes) nodes; the rest was not read")
    case .tooMuchWork(let estimate):
      report(
        .AppLinks.pageNotRead, at: .start, "",
        "the HTML5 parser would look through its open elements about \(estimate) times (many tags nested deep, or tags of thousands of attributes); pages over \(HTMLReader.maximumWork) are not read"
      )
    case .crashesParser:
      report(
        .AppLinks.pageNotRead, at: .start, "",
        "the page has markup on which the HTML5 parser used here (gumbo 0.10) aborts: a CDATA section inside SVG's <title>, <desc> or <foreignObject> or MathML text, or an SVG or MathML element named select, template or like a table part"
      )
    case .parseStopped(let outOfTime):
      report(
        .AppLinks.pageNotRead, at: .start, "",
        outOfTime
          ? "parsing the page took over \(HTMLReader.parseBudget) s of CPU time and was stopped; its markup makes the HTML5 parser this slow"
          : "the page could not be parsed: memory ran out")
    case nil: break
    }
    for element in reading.scan.metaElements {
      let property = element.attribute("property")
      if let property, !property.value.hasPrefix("al:"),
        property.value.lowercased().hasPrefix("al:")
      {
        report(
          .AppLinks.propertyCase, at: element.location, property.value,
          "\"\(property.value)\" is not read: the prefix must be \"al:\" in lower case")
      }
      if property == nil, let name = element.attribute("name"),
        name.value.lowercased().hasPrefix("al:")
      {
        report(
          .AppLinks.nameAttribute, at: element.location, name.value,
          "<meta name=\"\(name.value)\"> is ignored by Bolts and the Facebook SDKs, which read only property=\"al:…\""
        )
      }
    }
    for comment in reading.scan.commentsMentioningAppLinks {
      report(.AppLinks.commentedOut, at: comment, "", "a comment holds what looks like an al: tag")
    }
    if reading.tags.isEmpty, reading.scan.refusal == nil {
      report(.AppLinks.noTags, at: .start, "", "the page has no <meta property=\"al:…\"> tags")
    }
  }

  private mutating func checkTag(_ tag: AppLinkTag) {
    let location = tag.value.location
    let path = tag.property
    if tag.isOutsideHead {
      report(.AppLinks.outsideHead, at: location, path, "\(tag.property) stands after </head>")
    }
    let names = tag.names
    guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
      report(
        .AppLinks.malformedProperty, at: location, path,
        "\"\(tag.property)\" has an empty part; no target reads it")
      return
    }
    let platformName = String(names[0])
    guard let platform = AppLinkPlatform(rawValue: platformName) else {
      let meant = Suggestion.withinTwoEdits(of: platformName, among: Self.platformNames)
      report(
        .AppLinks.unknownPlatform, at: location, path,
        "\"\(platformName)\" is not a platform, so \(tag.property) is ignored"
          + (meant.map { "; did you mean \"\($0)\"?" } ?? ""),
        help: meant.map { "write al:\($0)" + names.dropFirst().map { ":" + $0 }.joined() })
      return
    }
    if names.count == 1 {
      if let content = tag.value.content, !content.isEmpty {
        report(
          .AppLinks.markerWithContent, at: location, path,
          "\(tag.property) starts a new \(platform.rawValue) group; its content \"\(content)\" is ignored"
        )
      }
      return
    }
    guard names.count == 2 else {
      report(
        .AppLinks.malformedProperty, at: location, path,
        "\(tag.property) goes deeper than al:<platform>:<key>; nothing reads it")
      return
    }
    let keyName = String(names[1])
    guard let key = AppLinkKey(rawValue: keyName), platform.keys.contains(key) else {
      reportUnknownKey(keyName, platform: platform, tag: tag)
      return
    }
    guard let content = tag.value.content else {
      if platform == .web {
        // The web keys have codes of their own, reported by the fallback checks.
        return
      }
      report(
        .AppLinks.missingContent, at: location, path,
        "\(tag.property) has no content attribute: it adds a \(key.rawValue) without a value")
      return
    }
    if content.isEmpty {
      report(.AppLinks.emptyValue, at: tag.contentLocation, path, "\(tag.property) is empty")
    } else if content.first!.isWhitespace || content.last!.isWhitespace {
      report(
        .AppLinks.strayWhitespace, at: tag.contentLocation, path,
        "\(tag.property) is \"\(content)\", with whitespace that is kept")
    }
  }

  private mutating func reportUnknownKey(
    _ keyName: String, platform: AppLinkPlatform, tag: AppLinkTag
  ) {
    let keys = platform.keys.map(\.rawValue)
    let known = "\(platform.rawValue) reads " + keys.joined(separator: ", ")
    if let meant = Suggestion.withinTwoEdits(of: keyName, among: keys) {
      report(
        .AppLinks.unknownKey, at: tag.value.location, tag.property,
        "\"\(keyName)\" is not a key of \(platform.rawValue); did you mean \"\(meant)\"?",
        help: "write al:\(platform.rawValue):\(meant)")
    } else if let owner = AppLinkPlatform.allCases.first(where: {
      $0.keys.map(\.rawValue).contains(keyName)
    }) {
      report(
        .AppLinks.unknownKey, at: tag.value.location, tag.property,
        "\"\(keyName)\" is a key of \(owner.rawValue), not of \(platform.rawValue); \(known)",
        help: "use one of \(keys.joined(separator: ", ")), or move it to al:\(owner.rawValue)")
    } else {
      report(
        .AppLinks.unknownKey, at: tag.value.location, tag.property,
        "\"\(keyName)\" is not a key of \(platform.rawValue); \(known)")
    }
  }

  private mutating func checkTargets(_ reading: PageReading) {
    for platform in AppLinkPlatform.appPlatforms {
      var seen = Set<[AppLinkKey: String?]>()
      var alwaysOpens: AppLinkTarget?
      for (groupIndex, group) in (reading.groups[platform] ?? []).enumerated() {
        checkGroupCounts(group, platform: platform, groupIndex: groupIndex)
        for target in group {
          checkTarget(target)
          let contents = target.values.mapValues(\.content)
          if !seen.insert(contents).inserted {
            report(
              .AppLinks.duplicateTarget, at: target.location, describe(target),
              "this \(platform.rawValue) target repeats an earlier one")
          }
          if let alwaysOpens {
            report(
              .AppLinks.shadowedTarget, at: target.location, describe(target),
              "never tried: the \(platform.rawValue) target at line \(alwaysOpens.location.line) has an http(s) URL, which always opens"
            )
          } else if platform != .android, let url = target.url, URLText(url).isWeb {
            alwaysOpens = target
          }
        }
      }
    }
  }

  private func describe(_ target: AppLinkTarget) -> String {
    "al:\(target.platform.rawValue) group \(target.group + 1) target \(target.index + 1)"
  }

  private mutating func checkGroupCounts(
    _ group: [AppLinkTarget], platform: AppLinkPlatform, groupIndex: Int
  ) {
    guard group.count > 1, let first = group.first else { return }
    let counts = platform.keys.map { key in (key, group.count(where: { $0.values[key] != nil })) }
    let short = counts.filter { $0.1 > 0 && $0.1 < group.count }
    guard !short.isEmpty else { return }
    let listed = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0.rawValue)" }.joined(
      separator: ", ")
    report(
      .AppLinks.groupCountsDiffer, at: first.location, describe(first),
      "this \(platform.rawValue) group pairs its tags by position into \(group.count) targets, but has \(listed): "
        + "the later targets lack " + short.map(\.0.rawValue).joined(separator: ", "))
  }

  private mutating func checkTarget(_ target: AppLinkTarget) {
    let path = describe(target)
    if let required = target.platform.requiredKey, target.content(required) == nil {
      report(
        .AppLinks.missingRequiredKey, at: target.location, path,
        "this \(target.platform.rawValue) target has no \(required.rawValue), so it can never be opened"
      )
    }
    if let value = target.values[.appStoreID], let id = value.content,
      !IdentifierRules.isNumeric(id.trimmingWhitespace())
    {
      report(
        .AppLinks.appStoreIDNotNumeric, at: value.location, path,
        "app_store_id \"\(id)\" is not a number")
    }
    if let value = target.values[.package], let package = value.content,
      !IdentifierRules.isPackageName(package.trimmingWhitespace())
    {
      report(
        .AppLinks.invalidPackage, at: value.location, path, "\"\(package)\" is not a package name")
    }
    if let value = target.values[.className], let className = value.content,
      !IdentifierRules.isClassName(className.trimmingWhitespace())
    {
      report(
        .AppLinks.invalidClass, at: value.location, path,
        className.hasPrefix(".")
          ? "\"\(className)\" is relative; an Intent needs the full class name"
          : "\"\(className)\" is not a class name")
    }
    if let value = target.values[.appID], let appID = value.content,
      !IdentifierRules.isGUID(appID.trimmingWhitespace())
    {
      report(.AppLinks.appIDNotGUID, at: value.location, path, "app_id \"\(appID)\" is not a GUID")
    }
    if let value = target.values[.url], let url = value.content {
      checkURL(url, at: value.location, path: path)
      if target.platform != .android, URLText(url).isWeb {
        report(
          .AppLinks.webURLAsAppURL, at: value.location, path,
          "\(url) is a web URL: iOS and Windows can always open it, whether the app is installed or not"
        )
      }
    }
  }

  private mutating func checkURL(_ url: String, at location: SourceLocation, path: String) {
    let parsed = URLText(url.trimmingWhitespace())
    guard !parsed.isValidAbsolute else { return }
    let reason: String
    if parsed.scheme == nil {
      reason = "it has no scheme (write bolts://… or https://…)"
    } else if let bad = parsed.firstInvalidCharacter {
      reason = "it holds \"\(bad)\", which must be percent-encoded"
    } else {
      reason = "nothing follows the scheme"
    }
    report(.AppLinks.invalidURL, at: location, path, "\"\(url)\" is not a valid URL: \(reason)")
  }

  private mutating func checkWeb(_ reading: PageReading) {
    let web = reading.appLink.web
    for (groupIndex, group) in reading.webGroups.enumerated() {
      for key in AppLinkPlatform.web.keys {
        for (index, value) in (group[key] ?? []).enumerated() where groupIndex > 0 || index > 0 {
          report(
            .AppLinks.ignoredWebValue, at: value.location, "al:web:\(key.rawValue)",
            groupIndex > 0
              ? "al:web:\(key.rawValue) in web group \(groupIndex + 1) is not read: only the first web group is"
              : "this al:web:\(key.rawValue) is not read: only the first is")
        }
      }
    }
    if let value = web.declaredShouldFallback {
      if let content = value.content {
        let known: Set = ["true", "false", "yes", "no", "1", "0"]
        if !known.contains(content.lowercased()) {
          report(
            .AppLinks.unrecognisedShouldFallback, at: value.location, "al:web:should_fallback",
            "should_fallback \"\(content)\" is not a recognised value; it keeps the fallback")
        }
      } else {
        report(
          .AppLinks.shouldFallbackWithoutContent, at: value.location, "al:web:should_fallback",
          "al:web:should_fallback has no content: Bolts for Android crashes reading it, iOS keeps the fallback"
        )
      }
      if !web.shouldFallback, reading.appLink.targets.isEmpty {
        report(
          .AppLinks.noFallbackNoApp, at: value.location, "al:web:should_fallback",
          "should_fallback is \"\(value.content ?? "")\" and the page has no app target: every navigation fails"
        )
      }
    }
    if let value = web.declaredURL {
      if let content = value.content {
        let parsed = URLText(content)
        if !parsed.isValidAbsolute {
          checkURL(content, at: value.location, path: "al:web:url")
        } else if !parsed.isWeb {
          report(
            .AppLinks.webURLNotHTTP, at: value.location, "al:web:url",
            "al:web:url \"\(content)\" is not an http or https URL")
        }
      } else {
        report(
          .AppLinks.webURLWithoutContent, at: value.location, "al:web:url",
          "al:web:url has no content: Bolts for Android then has no fallback, Bolts for iOS falls back to the page"
        )
      }
    }
  }
}

extension StringProtocol {
  /// Without surrounding white space, as a browser reads an attribute's value.
  fileprivate func trimmingWhitespace() -> String { String(trimming(while: \.isWhitespace)) }
}

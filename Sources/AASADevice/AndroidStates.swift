/// What each state of `pm get-app-links` means (as `pm`'s own help defines them), why a domain
/// ends up in it, most likely first, and what to run next.
enum AndroidStates {
  static func explain(domain: String, state: String, package: String?, line: Int)
    -> DeviceDomain
  {
    let app = package ?? "PACKAGE"
    let check = "aasa-lint check https://\(domain)"
    let reverify = "adb shell pm verify-app-links --re-verify \(app)"
    let states = "adb shell pm get-app-links \(app)"
    let tryLink =
      "adb shell am start -a android.intent.action.VIEW -c android.intent.category.BROWSABLE -d https://\(domain)/"
    let fileCauses = [
      "https://\(domain)/.well-known/assetlinks.json does not list \(app) with the SHA-256 fingerprint of the certificate this build is signed with (for a Play install, the app signing key's, not the upload key's)",
      "the file is not served as Android's verifier needs it: status 200 over https, no redirect, application/json, reachable from Google's servers",
      "the intent filter is not verifiable: android:autoVerify=\"true\" (a resource such as @bool/autoVerify may be false on this API level), action VIEW, categories DEFAULT and BROWSABLE, scheme https, and a concrete host",
    ]
    func answer(
      _ meaning: String, _ causes: [String], _ next: [String], opensApp: Bool
    ) -> DeviceDomain {
      DeviceDomain(
        domain: domain, state: state, meaning: meaning, causes: causes, next: next, line: line,
        opensApp: opensApp)
    }
    switch state {
    case "verified":
      return answer(
        "verified: the device fetched the site's assetlinks.json and it grants this app; links of this domain open it",
        [], [tryLink], opensApp: true)
    case "approved":
      return answer(
        "approved by force, usually through the shell (pm set-app-links): links open the app on this device only, nothing was verified",
        ["someone ran adb shell pm set-app-links --package \(app) 2 \(domain) (or all)"],
        ["adb shell pm reset-app-links \(app)", reverify, check], opensApp: true)
    case "denied":
      return answer(
        "denied by force, usually through the shell: links open the browser whatever the site says",
        ["someone ran adb shell pm set-app-links with state 1"],
        ["adb shell pm reset-app-links \(app)", reverify], opensApp: false)
    case "migrated":
      return answer(
        "migrated: a verification kept from the legacy verifier (before Android 12); it is not checked again until the app is re-verified",
        [], [reverify, check], opensApp: true)
    case "restored":
      return answer(
        "restored from a backup of user data; it is not checked again until the app is re-verified",
        [], [reverify, check], opensApp: true)
    case "system_configured":
      return answer(
        "approved automatically by the device's configuration (a preinstalled app)", [],
        [tryLink], opensApp: true)
    case "user-enabled":
      return answer(
        "the user chose to open this domain's links in the app (Open by default > Add link): it opens the app on this device, verified or not",
        [], [tryLink], opensApp: true)
    case "user-disabled":
      return answer(
        "not selected by the user: the domain opens the app only if it is verified",
        ["the domain's verification state above says whether it is"],
        [states, check], opensApp: true)
    case "none":
      return answer(
        "nothing recorded: verification has not run for this domain, or has not finished",
        [
          "the verification has not run yet: it runs after install, with a network; wait a few seconds",
          "the intent filter has no android:autoVerify=\"true\" on this API level",
        ] + fileCauses.dropFirst(2), [reverify, states, check], opensApp: false)
    case "legacy_failure":
      return answer(
        "rejected by a legacy verifier, reason unknown: links open the browser",
        [
          fileCauses[0], fileCauses[1],
          "before Android 12, one failing host failed every host of the app: check each domain of the app, not only this one",
          "an intent filter that mixes this host with http, a custom scheme or an unverifiable host",
        ], [check, reverify, states], opensApp: false)
    default:
      // `>= 1024`: the device's verifier's own code.
      return answer(
        "error \(state) of the device's verifier (Play services): the verification failed; the code is the verifier's own",
        [
          fileCauses[0], fileCauses[1],
          "the host is in two intent filters whose settings differ (merge them into one filter)",
          fileCauses[2],
        ], [check, reverify, "adb logcat -s IntentFilterIntentOp AppLinksAsyncVerifierV2", states],
        opensApp: false)
    }
  }
}

import AASACore
import Foundation

/// Reads Android's verification output: `pm get-app-links` blocks (package, `ID:`, `Signatures:`,
/// `Domain verification state:` and `host: state` lines), the commands pasted above them, and
/// Play services' verifier lines from logcat.
///
/// ```
///   org.thoughtcrime.securesms:
///     ID: 36102c4f-9655-4fa6-b098-94cfe53e61b7
///     Signatures: [29:F3:…]
///     Domain verification state:
///       signal.group: legacy_failure
/// ```
///
/// A partial paste (only the state block, after the command) takes its package from the command.
struct AndroidOutputReader {
  private(set) var apps: [DeviceApp] = []
  private(set) var notes: [DeviceNote] = []
  /// The package named by the last `pm get-app-links PACKAGE` command, for a paste without the
  /// package line.
  private var commandPackage: String?

  private var notedRedaction = false
  /// Inside `--user` output's `Selection state:`: which list the bare hosts belong to.
  private var selection: String?

  /// Whether the paste has anything of Android's: a command, a state block, a verifier line.
  private(set) var recognised = false

  static let knownStates: Set<String> = [
    "none", "verified", "approved", "denied", "migrated", "restored", "legacy_failure",
    "system_configured",
  ]

  mutating func read(_ line: DeviceLine, limit: Int) {
    let text = line.withoutTrailingNote
    if text.isEmpty || line.isFence { return }
    if text.contains("State codes are defined as follows") {
      recognised = true
      notes.append(
        DeviceNote(
          line: line.number,
          text:
            "this is pm's help text: it defines the states, but holds no app's; run adb shell pm get-app-links PACKAGE"
        ))
      return
    }
    if text.contains("get-app-links") {
      recognised = true
      commandPackage = Self.packageOfCommand(text) ?? commandPackage
      return
    }
    if text.contains("verify-app-links") {
      recognised = true
      if text.contains("pm verify-app-links") {
        notes.append(
          DeviceNote(
            line: line.number,
            text:
              "a re-verification was asked for: its result shows in adb shell pm get-app-links PACKAGE a few seconds later, and in logcat (IntentFilterIntentOp)"
          ))
      }
      return
    }
    if readVerifierLog(text, line: line.number) { return }
    if text == "Domain verification state:" {
      recognised = true
      if apps.isEmpty { apps.append(DeviceApp(app: commandPackage)) }
      return
    }
    if text.hasPrefix("ID:") || text.hasPrefix("Signatures:") {
      recognised = true
      selection = nil
      return
    }
    if readUserSelection(text, line: line.number, limit: limit) { return }
    if text.hasSuffix(":"), !text.contains(" "), looksLikePackage(text.dropLast()) {
      // `com.example.app:`: a new package block.
      recognised = true
      selection = nil
      if apps.count < limit { apps.append(DeviceApp(app: String(text.dropLast()))) }
      return
    }
    guard let colon = text.firstIndex(of: ":") else { return }
    let host = text[..<colon].trimming { $0 == " " }
    let state = text[text.index(after: colon)...].trimming { $0 == " " }
      .prefix { $0 != " " && $0 != "\t" }
    guard looksLikeHost(host), !state.isEmpty, Self.isState(state) else { return }
    recognised = true
    if apps.isEmpty { apps.append(DeviceApp(app: commandPackage)) }
    guard apps[apps.count - 1].domains.count < limit else { return }
    let package = apps[apps.count - 1].app
    apps[apps.count - 1].domains.append(
      AndroidStates.explain(
        domain: String(host), state: String(state), package: package, line: line.number))
  }

  /// `pm get-app-links --user N`: `Verification link handling allowed: false`, and the hosts
  /// listed under `Selection state:` / `Enabled:` / `Disabled:`, one bare host a line.
  mutating func readUserSelection(_ text: Substring, line: Int, limit: Int) -> Bool {
    if text.hasPrefix("Verification link handling allowed:") {
      recognised = true
      if text.hasSuffix("false") {
        notes.append(
          DeviceNote(
            line: line,
            text:
              "the user turned off opening supported links for \(apps.last?.app ?? "this app") (Settings > Apps > the app > Open by default): no link opens it, verified or not"
          ))
      }
      return true
    }
    switch text {
    case "Selection state:":
      recognised = true
      return true
    case "Enabled:", "Disabled:":
      recognised = true
      selection = text == "Enabled:" ? "user-enabled" : "user-disabled"
      return true
    default: break
    }
    guard let selection, !text.contains(":"), !text.contains(" "), looksLikeHost(text) else {
      if text.hasPrefix("User ") && text.hasSuffix(":") { self.selection = nil }
      return false
    }
    guard !apps.isEmpty, apps[apps.count - 1].domains.count < limit else { return true }
    apps[apps.count - 1].domains.append(
      AndroidStates.explain(
        domain: String(text), state: selection, package: apps[apps.count - 1].app, line: line))
    return true
  }

  /// A state `pm` names, or a verifier's own code (`>= 1024`, as `pm`'s help says).
  static func isState(_ state: Substring) -> Bool {
    if knownStates.contains(String(state)) { return true }
    guard state.count <= 9, state.allSatisfy({ $0.isASCII && $0.isNumber }), let code = Int(state)
    else { return false }
    return code >= 1024
  }

  /// The package of `adb shell pm get-app-links com.example.app` (also with `--user N`); nil
  /// when the command names none (all packages) or is the help text's placeholder.
  static func packageOfCommand(_ text: Substring) -> String? {
    guard let range = text.range(of: "get-app-links") else { return nil }
    let words = text[range.upperBound...].split(separator: " ")
    var index = 0
    while index < words.count {
      if words[index] == "--user" {
        index += 2
        continue
      }
      // Markdown around a command pasted in prose: **`adb shell pm get-app-links PKG`**.
      let word = words[index].trimming { "`*\"'".contains($0) }
      if !word.isEmpty, !word.hasPrefix("-") && !word.hasPrefix("<") && !word.hasPrefix("[") {
        return String(word)
      }
      index += 1
    }
    return nil
  }

  /// Play services' verifier in logcat: `IntentFilterIntentOp: Verification 23 complete.
  /// Success:true. Failed hosts:.` and `AppLinksAsyncVerifierV2` lines.
  mutating func readVerifierLog(_ text: Substring, line: Int) -> Bool {
    if let range = text.range(of: "Verification "), text.contains("complete.") {
      recognised = true
      let rest = text[range.lowerBound...]
      let success = rest.contains("Success:true")
      var failedHosts = ""
      if let failed = rest.range(of: "Failed hosts:") {
        failedHosts = String(
          rest[failed.upperBound...].prefix { $0 != "." && $0 != "[" }.trimming { $0 == " " })
      }
      let detail =
        success
        ? "Play services' verifier finished with success (no host failed)"
        : "Play services' verifier finished with a failure; failed hosts: \(failedHosts.isEmpty ? "(not listed)" : failedHosts)"
      notes.append(DeviceNote(line: line, text: detail))
      return true
    }
    if text.contains("AppLinksAsyncVerifierV2") || text.contains("IntentFilterIntentOp") {
      recognised = true
      if text.contains("%s") || text.contains("%b") || text.contains("(REDACTED)") {
        if !notedRedaction {
          notedRedaction = true
          notes.append(
            DeviceNote(
              line: line,
              text:
                "the verifier's log lines are redacted on this device (%s, %b): read the states with adb shell pm get-app-links PACKAGE instead"
            ))
        }
      } else if notes.count < DeviceOutputReader.maximumNotes {
        notes.append(DeviceNote(line: line, text: "verifier: " + String(text.suffix(300))))
      }
      return true
    }
    return false
  }

  /// `com.example.app`: two or more dot-separated Java identifiers.
  func looksLikePackage(_ text: Substring) -> Bool {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2 && text.count <= 255
      && parts.allSatisfy { part in
        guard let first = part.first, first.isLetter || first == "_" else { return false }
        return part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      }
  }
}

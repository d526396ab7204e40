import AASACore
import Foundation

/// Reads what iOS and macOS say about associated domains: `swcutil show` records (one field a
/// line, or flattened onto one line as some pages show them), `swcutil verify` answers, and swcd
/// and dasd console lines.
///
/// ```
/// Service:              applinks
/// App ID:               D3KQX62K1A.com.example.app
/// Domain:               example.com
/// User Approval:        unspecified
/// Site/Fmwk Approval:   approved
/// Last Checked:         2021-07-13 18:45:00 +0000
/// { s = applinks, a = D3KQX62K1A.com.example.app, d = example.com }: Pattern "/" matched.
/// [SWC] ### Denying redirect 'https://example.com/…' -> 'http://example.com/…'
/// ```
struct AppleOutputReader {
  private(set) var apps: [DeviceApp] = []
  private(set) var notes: [DeviceNote] = []
  private(set) var recognised = false
  private var record: Record?
  private var appIndex: [String: Int] = [:]
  private var notedPostponement = false
  let limit: Int

  init(limit: Int) { self.limit = limit }

  /// The fields of one `swcutil show` record read so far.
  struct Record {
    var line: Int
    var fields: [String: String] = [:]
  }

  static let recordLabels = [
    "Service", "App ID", "App Version", "App PI", "Domain", "Patterns", "User Approval",
    "Site/Fmwk Approval", "Flags", "Last Checked", "Next Check",
  ]

  mutating func read(_ line: DeviceLine) {
    let text = line.trimmed
    if text.isEmpty || line.isFence { return }
    if readRecordFields(text, line: line.number) { return }
    if readVerify(text, line: line.number) { return }
    readLog(text, line: line.number)
  }

  /// Ends the record being read, if any.
  mutating func finish() {
    guard let record else { return }
    self.record = nil
    guard record.fields["Service"].map({ $0.hasPrefix("applinks") }) ?? true else { return }
    let userDenied = record.fields["User Approval"] == "denied"
    // A field pasted empty (`Site/Fmwk Approval:` with nothing after it) says nothing either.
    func field(_ label: String) -> String? {
      record.fields[label].flatMap { $0.isEmpty ? nil : $0 }
    }
    let state =
      userDenied ? "user-denied" : field("Site/Fmwk Approval").map(Self.firstWord) ?? "unspecified"
    add(
      state: state,
      AppleStates.Context(
        domain: field("Domain") ?? AppleStates.unknownDomain, app: field("App ID"),
        line: record.line,
        lastChecked: field("Last Checked"), nextCheck: field("Next Check")))
  }

  private static func firstWord(_ text: String) -> String {
    String(text.prefix { $0 != " " })
  }

  // MARK: swcutil show

  /// The labels as bytes, for finding them in one pass over a line.
  static let recordLabelBytes = recordLabels.map { Array($0.utf8) }

  /// The `Label: value` fields of a line, however many it holds; a `Service:` starts a record.
  ///
  /// One pass: at each `:`, the bytes before it are compared with the labels (a label must start
  /// the line or follow a space or tab, so that `App ID:` is not read inside another word).
  mutating func readRecordFields(_ text: Substring, line: Int) -> Bool {
    let bytes = Array(text.utf8)
    var found: [(label: Int, start: Int, end: Int)] = []
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: ":") {
      for (labelIndex, label) in Self.recordLabelBytes.enumerated() {
        let start = index - label.count
        guard start >= 0, bytes[start..<index].elementsEqual(label) else { continue }
        if start > 0, bytes[start - 1] != UInt8(ascii: " "), bytes[start - 1] != UInt8(ascii: "\t")
        {
          continue
        }
        found.append((labelIndex, start, index + 1))
        break
      }
    }
    guard !found.isEmpty else { return false }
    recognised = true
    for (position, field) in found.enumerated() {
      let end = position + 1 < found.count ? found[position + 1].start : bytes.count
      let value = String(decoding: bytes[field.end..<end], as: UTF8.self)
        .trimming { $0 == " " || $0 == "\t" }
      let label = Self.recordLabels[field.label]
      if label == "Service" {
        finish()
        record = Record(line: line)
      }
      if record == nil { record = Record(line: line) }
      record?.fields[label] = String(value)
    }
    return true
  }

  // MARK: swcutil verify

  /// `{ s = applinks, a = APP, d = DOMAIN }: Pattern "URL" matched.` (several on a line when a
  /// page joined them), and `Input JSON did not match input URL.`
  mutating func readVerify(_ text: Substring, line: Int) -> Bool {
    var matched = false
    var rest = text[...]
    while let open = rest.range(of: "{ s = ") {
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
      // From `s = `, so that the service is a field like the others.
      let inside = rest[rest.index(open.lowerBound, offsetBy: 2)..<close]
      var fields: [Substring: Substring] = [:]
      for part in inside.split(separator: ",") {
        let pair = part.split(separator: "=", maxSplits: 1)
        if pair.count == 2 {
          fields[pair[0].trimming { $0 == " " }] = pair[1].trimming { $0 == " " }
        }
      }
      let after = rest[rest.index(after: close)...]
      let answerEnd = after.range(of: "{ s = ")?.lowerBound ?? after.endIndex
      let answer = after[..<answerEnd]
      rest = after[answerEnd...]
      guard fields["s"] == "applinks", let app = fields["a"], let domain = fields["d"],
        looksLikeHost(domain)
      else { continue }
      matched = true
      recognised = true
      let state = answer.contains("blocked match") ? "blocked" : "matched"
      add(
        state: state,
        AppleStates.Context(
          domain: String(domain), app: String(app), line: line,
          url: Self.quoted(after: "Pattern", in: answer)))
    }
    if text.contains("Input JSON did not match input URL") {
      recognised = true
      notes.append(
        DeviceNote(
          line: line,
          text:
            "swcutil verify: no rule of the file matched the URL, for any app; aasa-lint FILE URL shows the closest rule"
        ))
      return true
    }
    return matched
  }

  // MARK: Log lines

  mutating func readLog(_ text: Substring, line: Int) {
    if let range = text.range(of: "Beginning data task") {
      recognised = true
      let rest = text[range.upperBound...]
      if let domain = Self.value(after: "domain:", in: rest) {
        let route = Self.value(after: "route:", in: rest) ?? "?"
        add(state: "downloading", AppleStates.Context(domain: domain, app: nil, line: line))
        notes.append(
          DeviceNote(
            line: line,
            text:
              "swcd downloads \(domain) through route \(route)\(route == "cdn" ? " (Apple's CDN, not the site)" : "")"
          ))
      }
      return
    }
    // swcd quotes both URLs: `### Denying redirect 'https://…' -> 'http://…'`.
    if let range = text.range(of: "Denying redirect"), text.contains("'http") {
      recognised = true
      let host = Self.quotedURLHost(text[range.upperBound...]) ?? AppleStates.unknownDomain
      add(state: "redirect-denied", AppleStates.Context(domain: host, app: nil, line: line))
      return
    }
    if text.contains("Rejecting URL"), text.contains("ServerTrust") {
      recognised = true
      let host = Self.quotedURLHost(text) ?? AppleStates.unknownDomain
      add(state: "trust-rejected", AppleStates.Context(domain: host, app: nil, line: line))
      return
    }
    if text.contains("Bad apple-app-site-association server trust") {
      recognised = true
      notes.append(
        DeviceNote(
          line: line,
          text: "swcd did not trust a site's certificate (the URL follows on a Rejecting URL line)")
      )
      return
    }
    if let range = text.range(of: "Added service") {
      recognised = true
      let rest = text[range.upperBound...]
      let app = Self.quoted(after: "appID", in: rest)
      let domain = Self.quoted(after: "domain", in: rest)
      if let domain, !domain.isEmpty {
        add(state: "added", AppleStates.Context(domain: domain, app: app, line: line))
      } else {
        notes.append(
          DeviceNote(
            line: line,
            text:
              "swcd's \"Added service 'applinks'\" line is the one to look for: it names the app ID and domain swcd registered (here they are blanked)"
          ))
      }
      return
    }
    if text.contains("SWCErrorDomain"), text.contains("7") {
      recognised = true
      add(
        state: "cdn-refused",
        AppleStates.Context(domain: AppleStates.unknownDomain, app: nil, line: line))
      return
    }
    if text.contains("ThunderingHerdPolicy") || text.contains("ThermalPolicy")
      || text.contains("FinalDecision")
    {
      recognised = true
      if text.contains("Must Not Proceed"), !notedPostponement {
        notedPostponement = true
        notes.append(
          DeviceNote(
            line: line,
            text:
              "dasd postponed background work (thermal state, or many tasks right after install): swcd's download waits; let the device cool and idle, then reinstall the app"
          ))
      }
      return
    }
    if text.hasPrefix("swcutil") || text.hasPrefix("dl -d") || text.contains("=== swcutil") {
      recognised = true
      if text.hasPrefix("swcutil [") {
        notes.append(
          DeviceNote(
            line: line,
            text:
              "this is swcutil's help text: it shows no state; run swcutil show, or swcutil dl -d DOMAIN"
          ))
      }
      return
    }
    if text.contains("[SWC]") || text.contains("swcd") {
      recognised = true
    }
  }

  // MARK: Building the report

  mutating func add(state: String, _ context: AppleStates.Context) {
    let explained = AppleStates.explain(state: state, context)
    // Apps by name, so that a paste of many apps costs no search per line.
    let key = context.app ?? ""
    let index: Int
    if let existing = appIndex[key] {
      index = existing
    } else {
      guard apps.count < limit else { return }
      apps.append(DeviceApp(app: context.app))
      index = apps.count - 1
      appIndex[key] = index
    }
    guard apps[index].domains.count < limit else { return }
    apps[index].domains.append(explained)
  }

  /// The word after `key` up to `,` or `}`: `domain: example.com, bytes: 0` → `example.com`.
  static func value(after key: String, in text: Substring) -> String? {
    guard let range = text.range(of: key) else { return nil }
    let value = text[range.upperBound...].drop { $0 == " " }.prefix {
      $0 != "," && $0 != "}" && $0 != " "
    }
    return value.isEmpty ? nil : String(value)
  }

  /// The host of the first quoted `https://` URL.
  static func quotedURLHost(_ text: Substring) -> String? {
    guard let scheme = text.range(of: "://") else { return nil }
    let host = text[scheme.upperBound...].prefix { $0 != "/" && $0 != "'" && $0 != " " }
    return host.isEmpty ? nil : String(host)
  }

  /// The text in quotes (straight or curly, even mismatched) after `key`.
  static func quoted(after key: String, in text: Substring) -> String? {
    guard let range = text.range(of: key) else { return nil }
    let quotes: Set<Character> = ["'", "\u{2018}", "\u{2019}", "\"", "\u{201C}", "\u{201D}"]
    let rest = text[range.upperBound...].drop { $0 == " " }
    guard let first = rest.first, quotes.contains(first) else { return nil }
    return String(rest.dropFirst().prefix { !quotes.contains($0) })
  }
}

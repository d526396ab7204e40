/// A piece of an explanation, with the part it plays: the command line colours each part, a live
/// check's report reads the words alone.
public struct Phrase: Hashable, Sendable {
  public enum Tone: Sendable {
    case plain
    /// An app that opens the URL.
    case opens
    /// An exclusion that decided.
    case blocked
    /// Nothing opens: said quietly, as it is the common case.
    case quiet
    /// A rule as written in the file.
    case rule
  }

  public var text: String
  public var tone: Tone

  public init(_ text: String, _ tone: Tone = .plain) {
    self.text = text
    self.tone = tone
  }
}

extension [Phrase] {
  /// The words alone.
  public var plainText: String { map(\.text).joined() }
}

/// Explains routing decisions in words: which app a URL opens and by which rule, or why none
/// does and which rule came closest.
public struct RoutingExplanation: Sendable {
  /// Also say each deciding rule's case and encoding settings.
  public var verbose: Bool

  public init(verbose: Bool = false) { self.verbose = verbose }

  /// What the URL does, in one phrase:
  /// `blocked for D3KQX62K1A.com.example.videoapp by details[1].paths[1] "NOT /videos/*"`.
  public func headline(_ routing: Routing, app: String?) -> [Phrase] {
    if let host = routing.foreignHost {
      return [Phrase("no app: the host \(host) is not this site's", .quiet)]
    }
    if let app {
      guard let verdict = routing.verdicts.first(where: { $0.app == app }) else {
        return [Phrase("\(app) is not in the file", .quiet)]
      }
      return describe(verdict, named: true)
    }
    if let match = routing.verdicts.first(where: { $0.kind == .match }) {
      return describe(match, named: true)
    }
    if let blocked = routing.verdicts.first(where: { $0.kind == .blocked }) {
      return describe(blocked, named: true)
    }
    if routing.verdicts.isEmpty { return [Phrase("no app: the file names no app", .quiet)] }
    let closest = routing.verdicts.compactMap(\.closest).first
    return [Phrase("no app", .quiet)] + (closest.map { [Phrase(" (" + describe($0) + ")")] } ?? [])
  }

  /// One app's verdict; `named` puts the app's ID in the phrase (a verbose listing names it
  /// before the phrase instead).
  public func describe(_ verdict: Verdict, named: Bool) -> [Phrase] {
    let who = named ? verdict.app : ""
    switch verdict.kind {
    case .match:
      let rule = verdict.decidingRule.map { [Phrase(" by ")] + describe($0) } ?? []
      return [Phrase(named ? who : "match", .opens)] + rule
    case .blocked:
      let rule = verdict.decidingRule.map { [Phrase(" by ")] + describe($0) } ?? []
      return [Phrase("blocked", .blocked)] + (named ? [Phrase(" for \(who)")] : []) + rule
    case .none:
      let closest = verdict.closest.map { [Phrase(" (" + describe($0) + ")")] } ?? []
      return [Phrase(named ? "none for \(who)" : "none", .quiet)] + closest
    }
  }

  private func describe(_ rule: RuleReference) -> [Phrase] {
    var phrases = [Phrase(rule.name + " "), Phrase(rule.displayText, .rule)]
    if verbose {
      phrases.append(
        Phrase(
          " (caseSensitive: \(rule.caseSensitive), percentEncoded: \(rule.percentEncoded))",
          .quiet))
    }
    return phrases
  }

  private func describe(_ nearMiss: NearMiss) -> String {
    "closest: \(nearMiss.rule.name) \(nearMiss.rule.displayText), which differs in the \(nearMiss.failedPartDescription)"
  }
}

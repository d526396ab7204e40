import AASACore

extension AssetLinksParser {
  /// A relation and the JSON string it was read from, so later checks can point at it.
  struct WrittenRelation {
    var relation: Relation
    var value: JSONValue
    var path: String
  }

  /// Reads `relation`: an array of relation strings. Returns nil when there is no usable array.
  mutating func parseRelations(in statement: JSONValue, path: String) -> [WrittenRelation]? {
    let relationPath = DocumentPath.child(path, "relation")
    guard let value = statement["relation"] else {
      reportMissingKey("relation", in: statement, path)
      return nil
    }
    guard let elements = stringArrayElements(value, relationPath) else { return nil }
    if elements.isEmpty {
      report(
        .AssetLinks.emptyRelations, value, relationPath,
        "\(relationPath) is empty, so the statement grants nothing")
    }
    var relations: [WrittenRelation] = []
    var seen: Set<String> = []
    for (index, element) in elements.enumerated() {
      let elementPath = DocumentPath.element(relationPath, index)
      guard let text = element.string else {
        reportWrongType(element, elementPath, expected: "a relation string")
        continue
      }
      let relation = Relation(text)
      checkRelation(relation, element, elementPath)
      if !seen.insert(text).inserted {
        report(
          .AssetLinks.duplicateRelation, element, elementPath,
          "the relation \"\(text)\" appears more than once in \(relationPath)")
      }
      relations.append(WrittenRelation(relation: relation, value: element, path: elementPath))
    }
    return relations
  }

  private mutating func checkRelation(_ relation: Relation, _ value: JSONValue, _ path: String) {
    let text = relation.rawValue
    let knownTexts = Relation.known.map(\.rawValue)
    // The usual slips: the detail alone, a case change, a typo. Name the relation they meant.
    let meant =
      knownTexts.first { $0.hasSuffix("/" + text) }
      ?? knownTexts.first { $0 == text.lowercased() }
      ?? Suggestion.closest(to: text, among: knownTexts)
    let fix = meant.map { "write \"\($0)\"" }
    if let problem = relation.grammarProblem {
      report(
        .AssetLinks.malformedRelation, value, path, "the relation \"\(text)\" \(problem)",
        help: fix.map { "\($0): Google rejects a malformed relation, and with it the whole file" })
      return
    }
    if !Relation.known.contains(relation) {
      let message =
        meant.map { "the relation \"\(text)\" is not one Android reads; did you mean \"\($0)\"?" }
        ?? "the relation \"\(text)\" is not one Android or Chrome reads"
      report(.AssetLinks.unrecognisedRelation, value, path, message, help: fix)
    }
  }

  /// Relations that are well formed but do nothing for this kind of target.
  mutating func reportRelationsUnsuitable(
    for target: StatementTarget, _ relations: [WrittenRelation], in statement: JSONValue,
    path: String
  ) {
    switch target {
    case .web:
      for written in relations where written.relation == .handleAllURLs {
        report(
          .AssetLinks.webTargetHandlesURLs, written.value, written.path,
          "handle_all_urls delegates to a web site here; Android App Links only read it for android_app targets"
        )
      }
    case .androidApp(let packageName, _):
      let granted = Set(relations.map(\.relation))
      // An empty list (ASL009) or a malformed or unknown relation (ASL010, ASL011) is already
      // reported, usually with the relation meant; saying it again here would only be noise.
      guard !granted.isEmpty, granted.isSubset(of: Relation.known) else { return }
      if !granted.contains(.handleAllURLs), !granted.contains(.getLoginCredentials) {
        report(
          .AssetLinks.appWithoutKnownRelation, statement, path,
          "statement \(path) grants \(packageName) neither handle_all_urls (App Links) nor get_login_creds (credential sharing)"
        )
      }
    }
  }
}

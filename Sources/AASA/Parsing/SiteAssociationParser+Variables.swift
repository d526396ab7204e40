import AASACore

extension SiteAssociationParser {
  mutating func parseSubstitutionVariables(_ value: JSONValue) -> [SubstitutionVariable] {
    let path = "applinks.substitutionVariables"
    guard let members = value.members else {
      reportWrongType(value, path, expected: "an object of name to values")
      return []
    }
    var variables: [SubstitutionVariable] = []
    for member in members {
      let memberPath = DocumentPath.child(path, member.key)
      let name = member.key
      if name.isEmpty || name.contains("$") || name.contains("(") || name.contains(")") {
        report(
          .Apple.invalidVariableName, at: member.keyLocation, memberPath,
          "\"\(name)\" cannot be a variable name")
        continue
      }
      if VariableTable.builtInNames.contains(name) {
        report(
          .Apple.shadowedBuiltinVariable, at: member.keyLocation, memberPath,
          "\"\(name)\" replaces the built-in $(\(name)) in this file")
      }
      let written: [JSONValue]
      if member.value.string != nil {
        written = [member.value]
      } else if let elements = member.value.elements {
        written = elements
      } else {
        reportWrongType(member.value, memberPath, expected: "an array of strings")
        continue
      }
      var values: [String] = []
      for (index, element) in written.enumerated() {
        let elementPath =
          member.value.elements == nil ? memberPath : DocumentPath.element(memberPath, index)
        guard let string = element.string else {
          reportWrongType(element, elementPath, expected: "a string")
          continue
        }
        if string.contains("$(") {
          report(
            .Apple.nestedVariable, element, elementPath,
            "the value \"\(string)\" of $(\(name)) uses another variable; Apple drops the value")
          continue
        }
        values.append(string)
      }
      if written.isEmpty {
        report(
          .Apple.emptyVariable, member.value, memberPath,
          "$(\(name)) has no values, so any pattern using it never matches")
      }
      variables.append(SubstitutionVariable(name: name, values: values))
      variableNames.insert(name)
    }
    // A name defined again replaces the earlier definition, at the later place: keep each name's
    // last definition, in one pass rather than a search per member.
    var seen: Set<String> = []
    let lastDefinitions = variables.reversed().filter { seen.insert($0.name).inserted }
    variables = lastDefinitions.reversed()
    variableValues = Dictionary(variables.map { ($0.name, $0.values) }, uniquingKeysWith: { $1 })
    return variables
  }

  mutating func checkUnusedVariables(_ variables: [SubstitutionVariable], _ json: JSONValue?) {
    guard let members = json?.members else { return }
    var lastMember: [String: JSONValue.Member] = [:]
    for member in members { lastMember[member.key] = member }
    for variable in variables where !usedVariables.contains(variable.name) {
      guard let member = lastMember[variable.name] else { continue }
      report(
        .Apple.unusedVariable, at: member.keyLocation,
        DocumentPath.child("applinks.substitutionVariables", variable.name),
        "$(\(variable.name)) is defined but no pattern uses it")
    }
  }
}

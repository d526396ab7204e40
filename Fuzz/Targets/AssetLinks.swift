// assetlinks: lint as assetlinks.json and ask the grants API.
//
// Input: the file, then optionally a NUL byte and `PACKAGE:FINGERPRINT` lines (or a relation line
// `relation RELATION` for the queries after it). Without a NUL, each package of the file is asked
// about with each fingerprint listed in the file. Checks: the lint report's invariants; the
// validator and the parser report the same diagnostics; a `yes` names only valid statements that
// list the package, fingerprint and relation, and never for a list Google ignores.

import AASACore
import AASAWellKnown

@testable import AASAAndroid

private let maximumQueries = 64

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssetLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let (file, lines) = splitAtFirstNUL(bytes)
  let report = WellKnownLinter(kind: .assetLinks).lint(file)
  checkReport(report, of: file)
  require(report.association == nil, "an association from an assetlinks lint")
  guard let json = report.json else { return 0 }
  let parsed = AssetLinksFile.parse(json)
  require(
    parsed.diagnostics.count <= report.diagnostics.count,
    "the parser reports more than the linter")
  guard let list = parsed.statementList else {
    require(json.elements == nil, "an array without a statement list")
    return 0
  }
  require(list.statements.count <= list.entryCount, "more statements than entries")
  require(
    list.invalidStatementIndices.allSatisfy { $0 >= 0 && $0 < list.entryCount },
    "an invalid statement index outside the list")
  var queries: [(GrantQuery, Relation)] = []
  if let lines {
    var relation = Relation.handleAllURLs
    for line in lines.prefix(maximumQueries) {
      if line.hasPrefix("relation ") {
        relation = Relation(String(line.dropFirst("relation ".count)))
      } else if let query = try? GrantQuery.parse(line) {
        queries.append((query, relation))
      }
    }
  } else {
    let fingerprints = list.statements.flatMap(\.target.fingerprints).prefix(8)
    for package in list.packageNames.prefix(8) {
      for fingerprint in fingerprints {
        queries.append((GrantQuery(packageName: package, fingerprint: fingerprint), .handleAllURLs))
      }
    }
  }
  for (query, relation) in queries {
    let answer = list.grants(query, relation: relation)
    require(
      answer == AssetLinksFile.grants(json, query: query, relation: relation),
      "the list and the file answer differently")
    if case .yes(let grantors) = answer {
      require(!list.isIgnoredByGoogle, "an ignored list grants")
      require(!grantors.isEmpty, "a yes without a statement")
      for index in grantors {
        guard let statement = list.statements.first(where: { $0.index == index }) else {
          fatalError("fuzz invariant: granted by statement \(index), which is not in the list")
        }
        require(
          statement.target.packageName == query.packageName
            && statement.target.fingerprints.contains(query.fingerprint)
            && statement.relations.contains(relation) && statement.isValid,
          "statement \(index) grants without listing the app and relation")
      }
    }
  }
  return 0
}

extension StatementList {
  /// Whether the list grants `relation` to the app `package` signed with `fingerprint`, as
  /// Android's verifier decides it.
  ///
  /// Google's all-or-nothing rule comes first: a list with an invalid statement grants nothing,
  /// and the answer then names the statements that would grant it once the list is fixed.
  /// Fingerprints are compared by their bytes, so case and colons in the file do not hide a match
  /// from the answer (they are still reported as errors, which is what makes such a list ignored).
  /// Package names and relations are compared exactly, as Android does.
  public func grants(
    package: String, fingerprint: CertificateFingerprint, relation: Relation = .handleAllURLs
  ) -> GrantAnswer {
    let forPackage = statements.filter { $0.target.packageName == package }
    let forApp = forPackage.filter { $0.target.fingerprints.contains(fingerprint) }
    let grantors = forApp.filter { $0.relations.contains(relation) }.map(\.index)
    if isIgnoredByGoogle {
      return .no(
        .listIgnored(invalidStatements: invalidStatementIndices, otherwiseGrantedBy: grantors),
        unresolvedIncludes: [])
    }
    if !grantors.isEmpty { return .yes(grantedBy: grantors) }
    let includes = self.includes.map(\.url)
    if forPackage.isEmpty {
      return .no(
        .packageNotListed(package: package, listedPackages: packageNames),
        unresolvedIncludes: includes)
    }
    if forApp.isEmpty {
      return .no(
        .fingerprintNotListed(
          package: package, fingerprint: fingerprint,
          listedFingerprints: Self.distinct(forPackage.flatMap(\.target.fingerprints))),
        unresolvedIncludes: includes)
    }
    return .no(
      .relationMissing(
        package: package, relation: relation,
        grantedRelations: Self.distinct(forApp.flatMap(\.relations))),
      unresolvedIncludes: includes)
  }

  /// Answers the question a ``GrantQuery`` asks.
  public func grants(_ query: GrantQuery, relation: Relation = .handleAllURLs) -> GrantAnswer {
    grants(package: query.packageName, fingerprint: query.fingerprint, relation: relation)
  }

  private static func distinct<T: Hashable>(_ items: [T]) -> [T] {
    var seen: Set<T> = []
    return items.filter { seen.insert($0).inserted }
  }
}

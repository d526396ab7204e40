extension SiteAssociationParser {
  /// Reports rules that can never decide because an earlier rule of the entry matches every URL
  /// they match.
  mutating func checkRuleOrder(_ rules: [Rule], inherited: ComponentSettings) {
  }
}

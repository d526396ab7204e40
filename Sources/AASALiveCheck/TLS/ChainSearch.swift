import AASACore
import X509

/// The search for a chain from a certificate to a root, bounded in what it is given and in how
/// long it may look, for certificates a stranger chose: a server's TLS chain (``CertificateJudge``)
/// and the certificates of a signed association file (`signerTrust`).
///
/// swift-certificates' `Verifier.validate` is a depth-first search over every partial chain, with
/// no budget and no check of cancellation. Its loop detection stops a CA repeating within one
/// path, not the orderings of distinct CAs: N CAs each cross-signed by every other (N·(N-1)
/// intermediates, 33 KB of PEM for N = 9) make about (N-1)!·e partial chains when no root ends
/// them, each with a signature check per candidate issuer. The security review measured 121 s of
/// CPU for N = 8 in one `check`, and hours for N = 10. Two bounds make it small whatever is sent:
///
/// - **What is searched**: the certificates as sent, exact duplicates dropped, at most
///   ``maximumIntermediates`` of them. A path visits each (subject, key) at most once and each of
///   its steps picks among the certificates of one subject, so 8 certificates make a few dozen
///   partial chains at most. Real chains carry one to three intermediates, four with a
///   cross-sign; the rest is said in words (``Outcome/notes``).
/// - **How long it looks**: at most ``issuerLookups`` questions "who issued this?" to the
///   intermediates, one per partial chain taken up; past it, the intermediates answer nothing and
///   the search ends with what it has tried. Each question costs at most one signature check per
///   intermediate, so the whole search is under `issuerLookups × maximumIntermediates` checks.
public struct ChainSearch: Sendable, Hashable {
  /// More intermediates than any real chain needs; the ones after them are not searched.
  public static let defaultMaximumIntermediates = 8
  /// Far more partial chains than 8 intermediates of a real chain make (a handful).
  public static let defaultIssuerLookups = 256

  public var maximumIntermediates: Int
  public var issuerLookups: Int

  public init(
    maximumIntermediates: Int = ChainSearch.defaultMaximumIntermediates,
    issuerLookups: Int = ChainSearch.defaultIssuerLookups
  ) {
    self.maximumIntermediates = max(0, maximumIntermediates)
    self.issuerLookups = max(1, issuerLookups)
  }

  /// What the search found, and what it left out.
  public struct Outcome: Sendable {
    public var result: CertificateValidationResult
    /// Distinct intermediates sent (the leaf and exact repeats not counted).
    public var distinctIntermediates: Int
    /// How many of them were searched: at most ``ChainSearch/maximumIntermediates``.
    public var searchedIntermediates: Int
    /// Whether the search stopped at its budget of issuer questions before it had tried every
    /// path.
    public var stoppedAtBudget: Bool
    /// The budget it had, for the words.
    public var issuerLookups: Int

    /// Whether a chain to a root was found.
    public var isValid: Bool {
      if case .validCertificate = result { return true }
      return false
    }

    /// What the search left out, in words (empty when it searched everything it was given).
    public var notes: [String] {
      var notes: [String] = []
      if searchedIntermediates < distinctIntermediates {
        notes.append(
          "\(distinctIntermediates) other certificates came with it; only the first "
            + "\(searchedIntermediates), in the order sent, were searched for a chain "
            + "(a real chain needs one to four)")
      }
      if stoppedAtBudget {
        notes.append(
          "the search for a chain stopped after \(issuerLookups) partial chains "
            + "without reaching a root")
      }
      return notes
    }
  }

  /// Searches for a chain from `leaf` through `intermediates` (in the order sent) to one of
  /// `roots`, under `policy`, within this search's bounds.
  public func validate<Policy: VerifierPolicy>(
    leaf: Certificate, intermediates: [Certificate], roots: CertificateStore,
    @PolicyBuilder policy: () throws -> Policy
  ) async rethrows -> Outcome {
    let distinct = Self.distinct(intermediates, leaf: leaf)
    let searched = Array(distinct.prefix(maximumIntermediates))
    let issuers = BudgetedIssuers(searched, budget: issuerLookups)
    var verifier = try Verifier(rootCertificates: roots, policy: policy)
    let result = await verifier.validate(
      leaf: leaf, intermediates: CertificateStore(custom: issuers))
    return Outcome(
      result: result, distinctIntermediates: distinct.count,
      searchedIntermediates: searched.count,
      stoppedAtBudget: issuers.budget.exhausted && !Self.isValid(result),
      issuerLookups: issuerLookups)
  }

  /// The certificates in the order sent, each once, without the leaf.
  static func distinct(_ certificates: [Certificate], leaf: Certificate) -> [Certificate] {
    var seen: Set<Certificate> = [leaf]
    return certificates.filter { seen.insert($0).inserted }
  }

  private static func isValid(_ result: CertificateValidationResult) -> Bool {
    if case .validCertificate = result { return true }
    return false
  }
}

/// The intermediates as a certificate store that answers at most `budget` issuer questions: the
/// verifier asks one per partial chain it takes up, so past the budget it finds no more issuers
/// and its search ends.
private struct BudgetedIssuers: CustomCertificateStore {
  let bySubject: [DistinguishedName: [Certificate]]
  let budget: LookupBudget

  init(_ certificates: [Certificate], budget: Int) {
    bySubject = Dictionary(grouping: certificates, by: \.subject)
    self.budget = LookupBudget(budget)
  }

  subscript(subject: DistinguishedName) -> [Certificate]? {
    get async { budget.take() ? bySubject[subject] : nil }
  }

  func contains(_ certificate: Certificate) async -> Bool {
    bySubject[certificate.subject]?.contains(certificate) ?? false
  }

  /// The verifier adds nothing to its intermediates; a store made for one search stays as made.
  mutating func append(contentsOf certificates: some Sequence<Certificate>) {}

  static func == (left: BudgetedIssuers, right: BudgetedIssuers) -> Bool {
    left.budget === right.budget
  }

  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(budget)) }
}

/// A count of issuer questions left, shared by the copies of one store (the verifier copies it).
private final class LookupBudget: Sendable {
  private let state: PlatformLock<(left: Int, exhausted: Bool)>

  init(_ count: Int) { state = PlatformLock((count, false)) }

  /// Takes one question from the budget; false (and exhausted from then on) when none is left.
  func take() -> Bool {
    state.withLock { state in
      guard state.left > 0 else {
        state.exhausted = true
        return false
      }
      state.left -= 1
      return true
    }
  }

  var exhausted: Bool { state.withLock { $0.exhausted } }
}

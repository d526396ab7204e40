import AASA
import AASACore
import AASASigned

/// The association file asked for twice, as Apple's fetcher and as a browser: a site that answers
/// them differently has a rule keyed on the client (a firewall, bot protection, a CDN's bot or
/// geo rules), the usual reason a file that works in every browser and validator never reaches
/// devices.
enum FetcherComparison {
  /// The `user-agent` line, or nil when both got the same answer (or neither got one).
  static func judge(
    apple: Result<FetchedResource, ConnectionProblem>,
    browser: Result<FetchedResource, ConnectionProblem>, appleAgent: String
  ) -> Requirement? {
    let asApple = "the User-Agent \(appleAgent)"
    switch (apple, browser) {
    case (.failure(let problem), .success(let page)):
      return Requirement(
        "user-agent", .fail,
        "a browser gets \(page.statusLine), but \(asApple) gets no answer (\(problem.description)): a rule on the site treats Apple's fetcher differently; allow it for /.well-known/apple-app-site-association"
      )
    case (.success(let answer), .success(let page)) where answer.status != page.status:
      if page.status == 200 {
        return Requirement(
          "user-agent", .fail,
          "\(asApple) gets \(answer.statusLine), a browser gets \(page.statusLine): a rule on the site (a firewall, bot protection, a CDN's bot or geo rules) treats Apple's fetcher differently; allow it for /.well-known/apple-app-site-association"
        )
      }
      if answer.status == 200 { return nil }
      return Requirement(
        "user-agent", .warn,
        "\(asApple) gets \(answer.statusLine), a browser \(page.statusLine): the site answers by client"
      )
    case (.success(let answer), .success(let page)) where answer.status == 200:
      guard let difference = differentRules(answer, page) else { return nil }
      return Requirement(
        "user-agent", .warn,
        "\(asApple) and a browser get different files (\(difference)): the site varies the file by client, and devices get what Apple's fetcher gets"
      )
    default:
      return nil
    }
  }

  /// How the two files differ in what they do, or nil when they do the same.
  static func differentRules(_ apple: FetchedResource, _ browser: FetchedResource) -> String? {
    guard apple.body != browser.body else { return nil }
    let appleFile = association(apple)
    let browserFile = association(browser)
    guard let appleFile, let browserFile else {
      return "\(apple.body.count) and \(browser.body.count) bytes"
    }
    let diff = AssociationDiff(old: browserFile, new: appleFile)
    if diff.isEmpty { return nil }
    let apps = diff.apps.map(\.app).joined(separator: ", ")
    return apps.isEmpty ? "in the order of apps" : "for \(apps)"
  }

  private static func association(_ response: FetchedResource) -> SiteAssociation? {
    let codings = (try? ContentCoding.parse(response.header("Content-Encoding") ?? "").get()) ?? []
    guard
      let decoded = try? BodyDecoder.decode(
        response.body, codings: codings, limit: FileKind.maximumSize)
    else { return nil }
    let content = ((try? SignedAssociation.unwrap(decoded.bytes)) ?? nil)?.content ?? decoded.bytes
    return SiteAssociationLinter().lint(content).association
  }
}

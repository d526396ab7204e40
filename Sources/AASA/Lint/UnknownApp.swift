import AASACore

/// An `--app` that the file's `applinks` does not list: every verdict for it is `none`, and the
/// usual reason is a near miss in how the ID was typed, which the finding names.
public enum UnknownApp {
  /// The finding for asking about `app`, or nil when `applinks` lists it.
  public static func diagnostic(for app: String, in association: SiteAssociation?) -> Diagnostic? {
    let details = association?.appLinks?.details ?? []
    if details.contains(where: { $0.appIDs.contains(app) }) { return nil }
    let listed = details.flatMap { detail in detail.appIDs.map { (id: $0, detail: detail) } }
    var message = "\(app) is not listed in applinks, so it opens no URL of this file"
    var location = SourceLocation.start
    var path = ""
    if let (meant, detail, reason) = nearest(to: app, among: listed) {
      message += "; did you mean \(meant)? (\(reason))"
      location = detail.location
      path = detail.path
    } else if let service = otherService(listing: app, in: association) {
      message += "; it is listed only under \(service), which does not open links"
    } else if listed.isEmpty {
      message += "; the file lists no app under applinks"
    }
    return Diagnostic(.Apple.appNotInFile, at: location, path: path, message: message)
  }

  private static func nearest(
    to app: String, among listed: [(id: String, detail: ApplinksDetail)]
  ) -> (String, ApplinksDetail, String)? {
    let lowered = app.lowercased()
    if let same = listed.first(where: { $0.id.lowercased() == lowered }) {
      return (same.id, same.detail, "the case differs")
    }
    let bundle = bundleID(of: app)
    if let other = listed.first(where: { bundleID(of: $0.id) == bundle && bundle != nil }) {
      return (other.id, other.detail, "the same bundle ID with another Team ID")
    }
    if let withTeam = listed.first(where: { bundleID(of: $0.id) == app }) {
      return (withTeam.id, withTeam.detail, "app IDs start with the Team ID")
    }
    let ids = listed.map(\.id)
    if let close = Suggestion.closest(to: app, among: ids),
      let entry = listed.first(where: { $0.id == close })
    {
      return (entry.id, entry.detail, "a close spelling")
    }
    return nil
  }

  /// The bundle ID of `TEAMID.bundle.id`: what follows a 10-character alphanumeric prefix.
  private static func bundleID(of id: String) -> String? {
    guard let dot = id.firstIndex(of: "."), id.distance(from: id.startIndex, to: dot) == 10,
      id[..<dot].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
    else { return nil }
    return String(id[id.index(after: dot)...])
  }

  private static func otherService(listing app: String, in association: SiteAssociation?)
    -> String?
  {
    guard let association else { return nil }
    let services: [(String, ServiceApps?)] = [
      ("webcredentials", association.webCredentials), ("appclips", association.appClips),
      ("activitycontinuation", association.activityContinuation),
    ]
    return services.first { $0.1?.apps.contains(app) == true }?.0
  }
}

/// The well-known files the tools understand.
public enum FileKind: String, Sendable, CaseIterable {
  /// `/.well-known/apple-app-site-association`.
  case appleAppSiteAssociation = "aasa"
  /// `/.well-known/assetlinks.json`, Android's Digital Asset Links statement list.
  case assetLinks = "assetlinks"

  /// Apple reads at most this many bytes of an association file; Google's limit is the same order.
  public static let maximumSize = 131_072

  /// Guesses the kind from the content: a statement list is a JSON array, an AASA an object.
  public static func detect(_ bytes: [UInt8]) -> FileKind {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    return index < bytes.count && bytes[index] == UInt8(ascii: "[")
      ? .assetLinks : .appleAppSiteAssociation
  }

  /// Guesses the kind from the parsed content: an array is a statement list, and so is an object
  /// that looks like one Android statement and names no Apple service (a statement someone forgot
  /// to put in a list, which is then reported as such rather than as an association file with
  /// unknown keys). Anything else is an AASA.
  public static func detect(_ json: JSONValue) -> FileKind {
    if json.elements != nil { return .assetLinks }
    guard let members = json.members else { return .appleAppSiteAssociation }
    let keys = Set(members.map(\.key))
    let statementKeys: Set = ["relation", "target", "include"]
    let appleServices: Set = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    return !keys.isDisjoint(with: statementKeys) && keys.isDisjoint(with: appleServices)
      ? .assetLinks : .appleAppSiteAssociation
  }
}

extension FileKind {
  /// Guesses the kind of a document: from its JSON when it can be read, from its first
  /// character when it cannot.
  public static func detect(_ document: SourceDocument) -> FileKind {
    document.json.value.map(detect) ?? detect(document.bytes)
  }
}

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
}

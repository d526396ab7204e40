import AASA
import AASACore
import Testing

@testable import AASALint

/// `route --expect`'s table as ExpectationTableFile reads it: a header naming a column per
/// platform, or the two fields every command reads; every malformed table refused at its
/// line and column.
@Suite struct PlatformTableTests {
  func cells(_ text: String) throws -> [PlatformExpectation] {
    try ExpectationTableFile.platformExpectations(
      of: try ExpectationTableFile.parsePlatformTable(text, name: "links.tsv"))
  }

  /// The error a table is refused with, as the command line prints it.
  func refusal(_ text: String) -> String {
    do {
      _ = try cells(text)
      return "accepted"
    } catch {
      return "\(error)"
    }
  }

  @Test func aHeaderNamesAColumnPerPlatform() throws {
    let read = try cells(
      """
      # links pinned in CI
      # url          apple                         android
      /albums/1      9JA89QQLNQ.com.example.photos com.example.photos/.AlbumActivity
      /account/x\tblocked\tnone
      /help/1        -                             com.example.photos
      """)
    #expect(read.map(\.line) == [3, 3, 4, 4, 5])
    #expect(read.map(\.platform) == [.ios, .android, .ios, .android, .android])
    #expect(
      read.map(\.expected) == [
        .app("9JA89QQLNQ.com.example.photos"),
        .package("com.example.photos", activity: ".AlbumActivity"), .blocked, .none,
        .package("com.example.photos", activity: nil),
      ])
    #expect(read.map(\.column) == [16, 46, 12, 20, 46])
  }

  @Test func aHeaderMayBeALineOfItsOwnAndNameOnePlatform() throws {
    let read = try cells(
      "URL ANDROID\nhttps://example.com/a com.example.photos/com.example.photos.Main\n")
    #expect(read.map(\.platform) == [.android])
    #expect(
      read.first?.expected == .package("com.example.photos", activity: "com.example.photos.Main"))
  }

  @Test func aCommentNamingNoPlatformIsAComment() throws {
    // A two-field table written for `aasa-lint FILE --expect`, with a comment over its columns.
    let read = try cells("# url\tapp\n/a\t9JA89QQLNQ.com.example.photos\n")
    #expect(read.map(\.platform) == [.ios])
    #expect(read.map(\.line) == [2])
  }

  @Test func twoFieldRowsAreIOSWithTheirUsualMeanings() throws {
    let read = try cells("/a\t9JA89QQLNQ.com.example.photos\n/b\t-\n/c\tblocked\n")
    #expect(read.map(\.platform) == [.ios, .ios, .ios])
    // In a two-field table `-` means none, as for `aasa-lint FILE --expect`.
    #expect(read.map(\.expected) == [.app("9JA89QQLNQ.com.example.photos"), .none, .blocked])
    #expect(read.map(\.column) == [4, 4, 4])
  }

  @Test func theOtherCommandsReadAHeaderAsAComment() throws {
    let table = try ExpectationTableFile.parse(
      "# url ios android\n/a\tnone\n", name: "links.tsv")
    #expect(table.header == nil)
    #expect(table.rows.map(\.expected) == ["none"])
  }

  @Test func malformedTablesAreRefusedAtTheirLineAndColumn() {
    #expect(
      refusal("# url ios windows\n/a none none\n")
        == "links.tsv:1:11: unknown column \"windows\": a header names url, then ios (or apple) and android"
    )
    #expect(refusal("# url andriod\n/a none\n").hasSuffix("; did you mean android?"))
    #expect(
      refusal("# url ios apple\n/a - -\n")
        == "links.tsv:1:11: the ios column is named twice (apple is another name for ios)")
    #expect(refusal("# url\n/a\n").hasPrefix("links.tsv:2:3: this row has 1 field:"))
    // Too few fields: at the end of the line; too many: at the first extra one.
    #expect(
      refusal("# url ios android\n/a none\n").hasPrefix(
        "links.tsv:2:8: this row has 2 fields and the header at line 1 names 3 (url ios android)"))
    #expect(
      refusal("# url ios android\n/a none none x\n").hasPrefix(
        "links.tsv:2:14: this row has 4 fields"))
    #expect(
      refusal("# url ios android\n/a - open\n").hasPrefix(
        "links.tsv:2:6: \"open\" is not a value of the android column"))
    #expect(refusal("# url android\n/a com.example/Bad-Name\n").hasPrefix("links.tsv:2:4: "))
    #expect(refusal("# url android\n/a photos\n").hasPrefix("links.tsv:2:4: "))
    #expect(
      refusal("/a\tnone\tnone\n").hasPrefix(
        "links.tsv:1:9: this row has 3 fields: a table without a header has two"))
    #expect(refusal("/a none\n").hasPrefix("links.tsv:1:8: this row has 1 field:"))
  }

  @Test func aCellNamingAnAppRouteDoesNotAnswerForIsRefused() throws {
    let site = try association(
      #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.photos"], "components": [{"/": "/a/*"}]}]}}"#
    )
    let read = try cells(
      "# url ios android\n/a 9JA89QQLNQ.com.example.photo -\n/b - com.example.other\n")
    func refusal(appleApp: String?, package: String?) -> String? {
      ExpectationTableFile.unknownApp(
        in: read, file: "links.tsv", appleApp: appleApp, association: site,
        androidPackage: package)?.description
    }
    let misspelt = try #require(refusal(appleApp: nil, package: "com.example.other"))
    #expect(misspelt.hasPrefix("links.tsv:2:4: the ios column names an app the site does not"))
    #expect(misspelt.contains("did you mean 9JA89QQLNQ.com.example.photos?"))
    let otherApp = try #require(
      refusal(appleApp: "9JA89QQLNQ.com.example.photos", package: "com.example.other"))
    #expect(otherApp.contains("route answers for the iOS app 9JA89QQLNQ.com.example.photos"))
    let fixed = try cells("# url ios android\n/a 9JA89QQLNQ.com.example.photos com.example.other\n")
    let otherPackage = ExpectationTableFile.unknownApp(
      in: fixed, file: "links.tsv", appleApp: nil, association: site,
      androidPackage: "com.example.photos")
    #expect(
      otherPackage?.description.hasPrefix(
        "links.tsv:2:34: the android column names com.example.other, but route answers for the Android app com.example.photos"
      ) == true)
    let noPackage = ExpectationTableFile.unknownApp(
      in: fixed, file: "links.tsv", appleApp: nil, association: site, androidPackage: nil)
    #expect(noPackage?.description.contains("give --package com.example.other") == true)
    #expect(
      ExpectationTableFile.unknownApp(
        in: fixed, file: "links.tsv", appleApp: nil, association: site,
        androidPackage: "com.example.other") == nil)
  }
}

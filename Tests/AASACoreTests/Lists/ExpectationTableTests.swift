import AASACore
import Testing

/// How an `--expect` table is read: the two-field table every command reads, unchanged, and the
/// lines with their fields' columns that `route`'s table is built from.
@Suite struct ExpectationTableTests {
  @Test func aTwoFieldTableReadsAsItAlwaysHas() throws {
    let table = try ExpectationTable(
      "\u{FEFF}# pinned\n/a/1\t9JA89QQLNQ.com.example.app\n\n  /b \t none \r\n# url ios android\n",
      file: "routes.tsv", expecting: "an app ID, none or blocked")
    #expect(table.header == nil)
    #expect(table.rows.map(\.line) == [2, 4])
    #expect(table.rows.map(\.input) == ["/a/1", "/b"])
    #expect(table.rows.map(\.expected) == ["9JA89QQLNQ.com.example.app", "none"])
    // The cells keep the column they start at, past the spaces around them.
    #expect(table.rows.map { $0.cells.map(\.column) } == [[6], [8]])
  }

  @Test func aMalformedTwoFieldLineIsWordedAsBefore() {
    #expect {
      try ExpectationTable("/a\tnone\n/b without a tab\n", file: "routes.tsv", expecting: "X")
    } throws: { error in
      "\(error)"
        == "routes.tsv:2: expected `input<TAB>expected` (X), found \"/b without a tab\""
    }
  }

  @Test func writtenLinesKeepCommentsFieldsAndColumns() {
    let lines = ExpectationTable.writtenLines(
      "\u{FEFF}#  url  ios\tandroid\n\n/café/1   none\t-\n", splittingAtSpaces: true)
    #expect(lines.map(\.number) == [1, 3])
    #expect(lines.map(\.isComment) == [true, false])
    #expect(lines[0].fields.map(\.text) == ["url", "ios", "android"])
    #expect(lines[0].fields.map(\.column) == [4, 9, 13])
    // Columns count Unicode scalars: the é is one.
    #expect(lines[1].fields.map(\.text) == ["/café/1", "none", "-"])
    #expect(lines[1].fields.map(\.column) == [1, 11, 16])
    #expect(lines[1].endColumn == 17)
    // Split at tabs only, a space stays in its field.
    let tabs = ExpectationTable.writtenLines("/my shop/1\tnone\n", splittingAtSpaces: false)
    #expect(tabs.first?.fields.map(\.text) == ["/my shop/1", "none"])
  }

  @Test func aFormatErrorNamesItsColumnWhenItKnowsIt() {
    let located = ExpectationTable.FormatError(file: "t.tsv", line: 3, column: 7, reason: "bad")
    #expect(located.description == "t.tsv:3:7: bad")
    let unlocated = ExpectationTable.FormatError(file: "t.tsv", line: 3, reason: "bad")
    #expect(unlocated.description == "t.tsv:3: bad")
  }
}

import AASA
import Foundation
import TestSupport
import Testing

@testable import AASALint

@Suite struct LineReaderTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory(label: "lines")
  }

  func temporaryFile(_ contents: String) throws -> String {
    try directory.write("\(UUID().uuidString).txt", contents)
  }

  func chunkedLines(_ path: String) throws -> [String] {
    var lines: [String] = []
    try LineReader(path: path).forEachChunk { bytes, ranges in
      lines += ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
    return lines
  }

  @Test func skipsBlankLinesAndStripsCRLFWithOrWithoutAFinalNewline() throws {
    let path = try temporaryFile("/a\r\n\n/b\n\r\n/c")
    #expect(try chunkedLines(path) == ["/a", "/b", "/c"])
    var streamed: [String] = []
    try LineReader(path: path).forEachLine { streamed.append(String($0)) }
    #expect(streamed == ["/a", "/b", "/c"])
  }

  @Test func linesAcrossChunkBoundariesArriveWhole() throws {
    // Several MiB, so lines straddle the reader's 1 MiB chunks.
    let expected = (0..<120_000).map {
      "/products/item-\($0)?ref=\(String(repeating: "x", count: $0 % 37))"
    }
    let path = try temporaryFile(expected.joined(separator: "\n") + "\n")
    #expect(try chunkedLines(path) == expected)
  }

  @Test func chunksOneAtATimeMatchTheCallbackForm() throws {
    let expected = (0..<90_000).map { "/item/\($0)/\(String(repeating: "y", count: $0 % 41))" }
    let path = try temporaryFile(expected.joined(separator: "\r\n"))
    let reader = try LineReader(path: path)
    defer { reader.close() }
    var chunks = reader.chunks()
    var lines: [String] = []
    var chunkCount = 0
    while let chunk = try chunks.next() {
      chunkCount += 1
      lines += chunk.lines.map { String(decoding: chunk.bytes[$0], as: UTF8.self) }
    }
    #expect(chunkCount > 1)
    #expect(lines == expected)
    #expect(try chunks.next() == nil)
  }

  @Test func parallelTSVKeepsInputOrderAndAgreesWithTheMatcher() throws {
    let file = """
      {"applinks": {"details": [
        {"appIDs": ["D3KQX62K1A.com.example.app"],
         "components": [{"/": "/private/*", "exclude": true}, {"/": "/p/*"}]}]}}
      """
    // About 3 MiB: several chunks, each routed while the next is read.
    let padding = String(repeating: "z", count: 20)
    let urls = (0..<120_000).map {
      $0 % 3 == 0 ? "/p/\($0)/\(padding)" : $0 % 3 == 1 ? "/private/\($0)" : "/x/\($0)/\(padding)"
    }
    let path = try temporaryFile(urls.joined(separator: "\n"))
    let run = LintRun(fileName: "aasa.json", source: Array(file.utf8))
    let (status, text) = try rendered(try run.run(urls: .lines(try LineReader(path: path))), .tsv)
    #expect(status == .success)
    let matcher = Matcher(try association(file))
    let expected = urls.map { url -> String in
      let (app, kind) = matcher.firstMatch(URLInput(url))
      return "\(url)\t\(app ?? "-")\t\(kind.rawValue)"
    }
    #expect(text.split(separator: "\n").map(String.init) == expected)
  }

  /// A line over 64 KiB ends the reading with its file and number, in both readers, whether it
  /// ends in the chunk or runs past it; a line of exactly 64 KiB is read.
  @Test(arguments: [
    (LineReader.maximumLineLength, nil as Int?),
    (LineReader.maximumLineLength + 1, 4),
    (3 << 20, 4),
  ])
  func aLineOverTheCapIsNamedByItsNumber(length: Int, refusedAt: Int?) throws {
    let long = String(repeating: "a", count: length)
    // A byte order mark, a blank line and a comment: every line counts.
    for text in ["\u{FEFF}/a\n\n# note\n\(long)\n/b\n", "/a\n\n# note\n\(long)"] {
      let path = try temporaryFile(text)
      for reader in ["chunks", "lines"] {
        do {
          if reader == "chunks" {
            _ = try chunkedLines(path)
          } else {
            try LineReader(path: path).forEachLine { _ in }
          }
          #expect(refusedAt == nil, "\(reader): \(length) bytes read")
        } catch let error as LineReader.LineTooLong {
          #expect(error.line == refusedAt, "\(reader)")
          #expect(error.path == path)
          #expect(
            error.description
              == "\(path):4: a line over 64 KiB (65536 bytes); a list holds one URL, path or host a line"
          )
        }
      }
    }
  }
}

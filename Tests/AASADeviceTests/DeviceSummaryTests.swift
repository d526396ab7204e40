import Testing

@testable import AASADevice

/// Rows and domains counted apart, URLs kept, no "(not in the paste)" in a command, and a paste
/// with no state is not a pass.
@Suite("Device output: rows, domains, URLs and pastes without a state")
struct DeviceSummaryTests {
  @Test("Nine swcutil verify rows of one domain: one domain, each row with its URL")
  func verifyRows() throws {
    let apps = [
      "D3KQX62K1A.com.example.app", "D3KQX62K1A.com.example.clip", "R7ZC4NM2QP.com.example.app",
    ]
    let urls = ["/buy/1", "/buy/2", "/account"]
    var lines: [String] = []
    for app in apps {
      for path in urls {
        let answer = path == "/account" ? "blocked match" : "matched"
        lines.append(
          "{ s = applinks, a = \(app), d = shop.example.com }: Pattern \"https://shop.example.com\(path)\" \(answer)."
        )
      }
    }
    let report = try DeviceOutputReader.read(lines.joined(separator: "\n"))
    let summary = report.summary
    #expect(summary.rows == 9)
    #expect(summary.failingRows == 3)
    #expect(summary.domains == 1)
    #expect(summary.failingDomains == 1)
    let rows = report.apps.flatMap(\.domains)
    #expect(rows.map(\.url) == apps.flatMap { _ in urls.map { "https://shop.example.com\($0)" } })
    #expect(!report.isInconclusive)
  }

  @Test("A row whose domain the paste does not show: its commands say HOST, never the stand-in")
  func unknownDomain() throws {
    let report = try DeviceOutputReader.read(
      "swcd: Error Domain=SWCErrorDomain Code=7 \"Told to stop\" UserInfo={Line=298}")
    let row = try #require(report.apps.first?.domains.first)
    #expect(!row.domainIsKnown)
    #expect(row.next.allSatisfy { !$0.contains("(not in the paste)") })
    #expect(row.next.contains { $0.contains("https://HOST") })
  }

  @Test("A paste with no state (help text, log chatter) is inconclusive, not ok")
  func noState() throws {
    let report = try DeviceOutputReader.read(
      "swcutil [--help] [--verbose] <command>\nswcd: ThermalPolicy: Can Proceed")
    #expect(report.isInconclusive)
    #expect(report.summary.rows == 0)
  }
}

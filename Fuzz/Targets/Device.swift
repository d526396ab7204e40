// device: read pasted device output (pm get-app-links, swcutil, swcd log lines) and explain it.
//
// Input: any bytes, read as UTF-8 text. Checks: reading never traps and stays within its bounds
// (apps and domains per app at most DeviceOutputReader.maximumEntries); every domain read has a
// state, a meaning, a line inside the paste, and something to run next unless it opens the app;
// every note is on a line of the paste.

import AASADevice

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDevice(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let report = try? DeviceOutputReader.read(bytes) else { return 0 }
  let lines = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  require(report.apps.count <= DeviceOutputReader.maximumEntries, "too many apps")
  for app in report.apps {
    require(!app.domains.isEmpty, "an app without domains")
    require(app.domains.count <= DeviceOutputReader.maximumEntries, "too many domains")
    for domain in app.domains {
      require(!domain.state.isEmpty && !domain.meaning.isEmpty, "a domain without state or meaning")
      require(
        domain.line >= 1 && domain.line <= lines, "a domain on line \(domain.line) of \(lines)")
      require(domain.opensApp || !domain.next.isEmpty, "a failing domain with nothing to run next")
    }
  }
  for note in report.notes {
    require(note.line >= 1 && note.line <= lines, "a note on line \(note.line) of \(lines)")
  }
  return 0
}

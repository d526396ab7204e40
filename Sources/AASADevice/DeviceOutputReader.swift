/// Reads device output pasted from a terminal, an issue or a forum post, and says for each app
/// and domain what its state means, why it is likely so, and what to run next.
///
/// Android: `pm get-app-links` (and its `--user` form), `pm verify-app-links`, Play services'
/// verifier in logcat. Apple: `swcutil show` records (also a sysdiagnose's `swcutil_show.txt`,
/// also flattened onto one line), `swcutil verify` answers, swcd and dasd console lines. Pastes
/// are read as people paste them: diff markers (`+`/`-`), quote markers, code fences, trailing
/// notes (`<!-- HERE`) and cut-off excerpts are tolerated; lines that say nothing about
/// verification are skipped.
///
/// Bounded: at most ``maximumLines`` lines of at most ``DeviceLine/maximumLength`` characters,
/// at most ``maximumEntries`` apps and domains per app; no recursion.
public enum DeviceOutputReader {
  public static let maximumLines = 200_000
  public static let maximumEntries = 10_000
  /// Notes kept: the first ones say what there is to say.
  public static let maximumNotes = 1_000

  /// Nothing in the text is device output this reader knows.
  public struct Unrecognised: Error, Sendable, CustomStringConvertible {
    public var description: String {
      "no device output found: expected the output of adb shell pm get-app-links, swcutil show, swcutil verify, swcd log lines, or curl -v of Apple's CDN"
    }
  }

  public static func read(_ text: String) throws(Unrecognised) -> DeviceReport {
    var android = AndroidOutputReader()
    var apple = AppleOutputReader(limit: maximumEntries)
    var cdn = AppleCDNCaptureReader()
    for line in DeviceLine.lines(of: text, limit: maximumLines) {
      android.read(line, limit: maximumEntries)
      apple.read(line)
      cdn.read(line)
    }
    apple.finish()
    cdn.finish()
    // A capture of Apple's CDN is about one domain, whatever else the paste holds.
    if cdn.recognised, !cdn.apps.isEmpty || !(android.recognised || apple.recognised) {
      return cdn.report
    }
    let androidWeight = android.apps.reduce(0) { $0 + $1.domains.count } * 2 + android.notes.count
    let appleWeight = apple.apps.reduce(0) { $0 + $1.domains.count } * 2 + apple.notes.count
    switch (android.recognised, apple.recognised) {
    case (false, false): throw Unrecognised()
    case (true, false): return android.report
    case (false, true): return apple.report
    case (true, true): return appleWeight > androidWeight ? apple.report : android.report
    }
  }

  /// Reads bytes as UTF-8 (invalid sequences replaced).
  public static func read(_ bytes: [UInt8]) throws(Unrecognised) -> DeviceReport {
    try read(String(decoding: bytes, as: UTF8.self))
  }
}

extension AndroidOutputReader {
  var report: DeviceReport {
    DeviceReport(
      platform: .android, apps: apps.filter { !$0.domains.isEmpty },
      notes: Array(notes.prefix(DeviceOutputReader.maximumNotes)))
  }
}

extension AppleOutputReader {
  var report: DeviceReport {
    DeviceReport(
      platform: .ios, apps: apps.filter { !$0.domains.isEmpty },
      notes: Array(notes.prefix(DeviceOutputReader.maximumNotes)))
  }
}

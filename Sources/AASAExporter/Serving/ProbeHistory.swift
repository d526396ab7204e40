import Foundation

/// The last probes, newest first, for the landing page: blackbox_exporter's `--history.limit`
/// (100), so an operator sees what was probed and why it failed without a query. Each entry keeps
/// the check's text (`debug=true`'s) for its link; 100 entries of a few KiB each.
struct ProbeHistory: Sendable {
  struct Entry: Sendable {
    var id: Int
    var target: String
    var module: String
    var at: Date
    var durationSeconds: Double
    /// `success`, `failure` or `refused`.
    var result: String
    /// The check's text, or why there is none.
    var text: String
  }

  static let limit = 100
  private(set) var entries: [Entry] = []
  private var nextID = 1

  mutating func add(
    target: String, module: String, at: Date, durationSeconds: Double, result: String,
    text: String
  ) {
    entries.insert(
      Entry(
        id: nextID, target: target, module: module, at: at, durationSeconds: durationSeconds,
        result: result, text: text), at: 0)
    nextID += 1
    if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
  }

  func entry(_ id: Int) -> Entry? { entries.first { $0.id == id } }
}

import Foundation

/// A fresh directory under the system's temporary directory, removed when the test is done.
final class TemporaryDirectory: @unchecked Sendable {
  let path: String

  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = base + "/aasa-live-check-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func file(_ name: String) -> String { path + "/" + name }

  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let filePath = file(name)
    try Data(bytes).write(to: URL(fileURLWithPath: filePath))
    return filePath
  }

  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

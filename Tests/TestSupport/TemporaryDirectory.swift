import Foundation

/// A fresh directory under the system's temporary directory, removed when the value goes away.
public final class TemporaryDirectory: @unchecked Sendable {
  public let url: URL
  public var path: String { url.path }

  /// A directory named `aasa-<label>-<random>`, so a leftover one says which tests made it.
  public init(label: String = "tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("aasa-\(label)-" + UUID().uuidString.prefix(8), isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `relative` in the directory (which need not exist yet).
  public func file(_ relative: String) -> String { url.appendingPathComponent(relative).path }

  /// Writes `data` at `relative`, creating folders on the way; returns the file's path.
  @discardableResult
  public func write(_ relative: String, _ data: Data) throws -> String {
    let full = url.appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: full.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: full)
    return full.path
  }

  /// Writes `text` as UTF-8 at `relative`; returns the file's path.
  @discardableResult
  public func write(_ relative: String, _ text: String) throws -> String {
    try write(relative, Data(text.utf8))
  }

  /// Writes `bytes` at `relative`; returns the file's path.
  @discardableResult
  public func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
    try write(relative, Data(bytes))
  }

  /// Copies the file at `source` to `relative`; returns the copy's path.
  @discardableResult
  public func copy(_ source: URL, as relative: String) throws -> String {
    let destination = url.appendingPathComponent(relative)
    try FileManager.default.copyItem(at: source, to: destination)
    return destination.path
  }

  /// Replaces `relative` by writing a sibling and renaming it over, the way deploy tools do, so a
  /// reader never sees a half-written file.
  public func replace(_ relative: String, _ contents: String) throws {
    let full = file(relative)
    let temporary = full + ".tmp-" + UUID().uuidString.prefix(6)
    try Data(contents.utf8).write(to: URL(fileURLWithPath: temporary))
    try System.renameFile(temporary, to: full)
  }
}

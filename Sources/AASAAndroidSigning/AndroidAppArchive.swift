import AASAAndroid
import Foundation
import ZIPFoundation

/// A built Android app given where a manifest is expected: an APK (a ZIP archive whose
/// `AndroidManifest.xml` is compiled binary XML, its values in `resources.arsc`) or an App Bundle
/// (`.aab`, whose `base/manifest/AndroidManifest.xml` is aapt2's protocol-buffer XML, not read
/// here: refused with what to pass instead).
///
/// The archive is opened where it lies (an APK is often larger than the command line reads into
/// memory), and only the two entries are inflated, each under a cap that stops a ZIP bomb after
/// the cap's bytes, whatever its header claims.
public enum AndroidAppArchive {
  /// A compiled manifest is kilobytes (a large merged one, 200 KB).
  public static let maximumManifestSize = 8 << 20
  /// Large apps' resource tables run to tens of megabytes.
  public static let maximumResourceTableSize = 128 << 20

  public static let manifestEntry = "AndroidManifest.xml"
  public static let bundleManifestEntry = "base/manifest/AndroidManifest.xml"

  /// Why an app's manifest cannot be read, in words about the file.
  public struct Unreadable: Error, Sendable, CustomStringConvertible {
    public let description: String
  }

  /// Whether the file at `path` starts as a ZIP archive does (`PK\3\4`): an APK, an App Bundle
  /// or another ZIP, never a source manifest.
  public static func isArchive(path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4)) ?? Data()
    return Array(head) == [0x50, 0x4B, 0x03, 0x04]
  }

  /// The app's manifest as source XML with its references resolved, named in messages
  /// `name`.
  public static func manifest(atPath path: String, name: String? = nil) throws(Unreadable)
    -> CompiledManifest
  {
    let shown = name ?? path
    let (manifest, table) = try compiledEntries(atPath: path, name: shown)
    do {
      return try CompiledManifest(manifest: manifest, resourceTable: table)
    } catch {
      throw Unreadable(description: "\(shown): \(error.description)")
    }
  }

  /// The compiled `AndroidManifest.xml` and `resources.arsc` (nil when the APK has none), each
  /// inflated under its cap.
  public static func compiledEntries(atPath path: String, name: String? = nil)
    throws(Unreadable) -> (manifest: [UInt8], resourceTable: [UInt8]?)
  {
    let shown = name ?? path
    let archive: Archive
    do {
      archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    } catch {
      throw Unreadable(description: "\(shown) is not a readable ZIP archive (APK)")
    }
    guard let entry = archive[manifestEntry] else {
      if archive[bundleManifestEntry] != nil {
        throw Unreadable(
          description:
            "\(shown) is an Android App Bundle, whose manifest is protocol-buffer XML that aasa-lint does not read: build an APK from it with `bundletool build-apks --mode=universal --bundle \(shown) --output app.apks` (the universal APK is inside app.apks), or pass the module's source AndroidManifest.xml"
        )
      }
      throw Unreadable(
        description: "\(shown) is a ZIP archive without AndroidManifest.xml, not an APK")
    }
    let manifest = try contents(of: entry, in: archive, limit: maximumManifestSize, shown: shown)
    let table = try archive["resources.arsc"].map { entry throws(Unreadable) in
      try contents(of: entry, in: archive, limit: maximumResourceTableSize, shown: shown)
    }
    return (manifest, table)
  }

  /// An entry's bytes, inflated up to `limit`: the header's size is checked first, and the
  /// bytes are counted as they come (the header can lie).
  private static func contents(of entry: Entry, in archive: Archive, limit: Int, shown: String)
    throws(Unreadable) -> [UInt8]
  {
    let tooLarge = Unreadable(
      description:
        "\(shown): \(entry.path) is over \(limit >> 20) MiB uncompressed; an app's is not (a ZIP bomb?)"
    )
    guard entry.uncompressedSize <= UInt64(limit) else { throw tooLarge }
    var bytes: [UInt8] = []
    var overLimit = false
    do {
      _ = try archive.extract(entry, skipCRC32: false) { chunk in
        guard bytes.count + chunk.count <= limit else {
          overLimit = true
          throw CocoaError(.fileReadTooLarge)
        }
        bytes.append(contentsOf: chunk)
      }
    } catch {
      if overLimit { throw tooLarge }
      throw Unreadable(description: "\(shown): \(entry.path) cannot be read from the archive")
    }
    return bytes
  }
}

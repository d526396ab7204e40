import AASAAndroidSigning
import Foundation
import TestSupport
import Testing

/// Archives that are not a readable APK, made now with Python's zipfile: a ZIP bomb (declared,
/// and hidden behind headers that lie about its size), an App Bundle, a ZIP without a
/// manifest, a cut archive. Each is refused in words.
@Suite struct AndroidAppArchiveTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory(label: "archives") }

  /// Runs Python with `script`, whose `out` is the path asked for.
  func zip(_ name: String, _ script: String) async throws -> String {
    let path = directory.file(name)
    let result = try await ChildProcess.run(
      try ExecutableLookup.require("python3"),
      ["-c", "import sys, zipfile, struct\nout = sys.argv[1]\n" + script, path])
    guard result.status == 0 else { throw ChildProcess.Failure(description: result.stderr) }
    return path
  }

  func refusal(_ path: String) -> String? {
    do {
      _ = try AndroidAppArchive.manifest(atPath: path, name: "app.apk")
      return nil
    } catch {
      return error.description
    }
  }

  @Test func aDeclaredZipBombIsRefusedBeforeInflating() async throws {
    let path = try await zip(
      "bomb.apk",
      """
      with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("AndroidManifest.xml", bytes(64 << 20))
      """)
    #expect(AndroidAppArchive.isArchive(path: path))
    #expect(
      refusal(path)
        == "app.apk: AndroidManifest.xml is over 8 MiB uncompressed; an app's is not (a ZIP bomb?)")
  }

  /// The sizes in both headers say 100 bytes; the entry inflates to 64 MiB. The cap stops it.
  @Test func aZipBombWithLyingHeadersIsStoppedAtTheCap() async throws {
    let path = try await zip(
      "lying-bomb.apk",
      """
      with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("AndroidManifest.xml", bytes(64 << 20))
      data = bytearray(open(out, "rb").read())
      local = data.find(b"PK\\x03\\x04")
      struct.pack_into("<I", data, local + 22, 100)
      central = data.find(b"PK\\x01\\x02")
      struct.pack_into("<I", data, central + 24, 100)
      open(out, "wb").write(data)
      """)
    let message = try #require(refusal(path))
    #expect(
      message
        == "app.apk: AndroidManifest.xml is over 8 MiB uncompressed; an app's is not (a ZIP bomb?)"
        || message == "app.apk: AndroidManifest.xml cannot be read from the archive", "\(message)")
  }

  @Test func anAppBundleIsRefusedWithWhatToPassInstead() async throws {
    let path = try await zip(
      "app.aab",
      """
      with zipfile.ZipFile(out, "w") as z:
          z.writestr("base/manifest/AndroidManifest.xml", b"\\x0a\\x08manifest")
          z.writestr("BundleConfig.pb", b"")
      """)
    let message = try #require(refusal(path))
    #expect(message.hasPrefix("app.apk is an Android App Bundle"))
    #expect(message.contains("bundletool build-apks --mode=universal"))
    #expect(message.contains("source AndroidManifest.xml"))
  }

  @Test func aZipWithoutAManifestIsNotAnAPK() async throws {
    let path = try await zip(
      "other.zip",
      """
      with zipfile.ZipFile(out, "w") as z:
          z.writestr("readme.txt", b"hello")
      """)
    #expect(refusal(path) == "app.apk is a ZIP archive without AndroidManifest.xml, not an APK")
  }

  @Test func aCutArchiveIsRefused() async throws {
    let path = try await zip(
      "cut.apk",
      """
      with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
          z.writestr("AndroidManifest.xml", bytes(4096))
      data = open(out, "rb").read()
      open(out, "wb").write(data[: len(data) // 2])
      """)
    #expect(AndroidAppArchive.isArchive(path: path))
    #expect(refusal(path) == "app.apk is not a readable ZIP archive (APK)")
  }

  @Test func aManifestThatIsNotBinaryXMLIsRefused() async throws {
    let path = try await zip(
      "text.apk",
      """
      with zipfile.ZipFile(out, "w") as z:
          z.writestr("AndroidManifest.xml", b"<manifest package='a.b'/>")
      """)
    #expect(refusal(path) == "app.apk: the file does not start with a binary XML chunk")
  }
}

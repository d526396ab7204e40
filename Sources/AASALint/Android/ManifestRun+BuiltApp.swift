import AASAAndroid
import AASAAndroidSigning
import AASACore

/// An APK given where a manifest is read (`aasa-lint APP.apk`, `check --manifest APP.apk`,
/// `route --manifest APP.apk`): its compiled, merged manifest read as a source one, findings at
/// `APP.apk!/AndroidManifest.xml:LINE` (the line the build recorded). Placeholders and
/// `res/values` are the build's own by then: none are read beside the file.
extension ManifestRun {
  /// The run of the app at `path`, nil when it is not a ZIP archive (a source manifest is read
  /// as before); an archive that is not a readable APK is a usage error (exit status 2).
  package static func builtApp(path: String, strict: Bool = false) throws -> ManifestRun? {
    guard path != "-", AndroidAppArchive.isArchive(path: path) else { return nil }
    let compiled: CompiledManifest
    do {
      compiled = try AndroidAppArchive.manifest(atPath: path)
    } catch {
      throw UsageError(error.description)
    }
    var run = ManifestRun(
      fileName: "\(path)!/\(AndroidAppArchive.manifestEntry)", source: compiled.source,
      strict: strict)
    run.resources = compiled.resources
    return run
  }

  /// The run of the manifest or APK at `path`: a source manifest with its placeholders and the
  /// `res/values` beside it (``loadResources(manifestPath:placeholders:gradle:)``).
  package static func reading(_ path: String, placeholders: [String], gradle: String? = nil)
    throws -> ManifestRun
  {
    if let app = try builtApp(path: path) { return app }
    var run = ManifestRun(fileName: path, source: try FileInput.read(path))
    try run.loadResources(manifestPath: path, placeholders: placeholders, gradle: gradle)
    return run
  }
}

import AASAAndroid
import AASAAndroidSigning
import AASACore
import AASASigned
import Foundation

/// One input, read once, as every run and every front end takes it: `aasa-lint FILE`, `files`,
/// the validator's page and API, and the agents' server (through the API) all make one of these
/// and hand it to ``InputLint``, so that "which kind of file is this" is decided in one place.
///
/// Reading it does what each of them needs done before a linter sees the bytes: a CMS-signed
/// file is unwrapped (the linters read its content, the report tells of its signature), an
/// app's entitlements are refused (they are checked against the sites, never linted as a page),
/// and the kind is the one given (`--kind`) or told from the content, with the JSON reading that
/// told it kept in ``document`` so that the format's linter does not read the file again.
package struct InputDocument: Sendable {
  /// What findings and messages call the input: the path, `<stdin>`, a URL, or the name a page
  /// gave its pasted text.
  package var name: String
  /// What was given, as given (`-` for standard input): the path a manifest's resources are
  /// looked up beside, and what the entitlements refusal quotes.
  package var argument: String
  /// The kind given, else the one the content reads as.
  package var kind: InputKind
  /// Whether the kind was given (`--kind`, the API's `kind`) rather than told from the content.
  package var kindGiven: Bool
  /// The content (a signed file's, unwrapped), named ``name``, with its JSON reading when
  /// telling its kind read it.
  package var document: SourceDocument
  /// The signature a CMS-signed file was unwrapped from; nil for a plain file.
  package var signed: SignedAssociation?
  /// An APK's compiled, merged manifest, read as a source one (``document`` holds its text):
  /// its placeholders and `res/values` are the build's own, so none are read beside the file.
  package var builtApp: CompiledManifest?

  /// The content's bytes.
  package var bytes: [UInt8] { document.bytes }

  /// `bytes` named `name`: pasted text, an upload, or a file or page already read. `argument`
  /// is what the entitlements refusal quotes (`-` for standard input); the name by default.
  package init(name: String, bytes: [UInt8], kind: InputKind? = nil, argument: String? = nil)
    throws
  {
    let argument = argument ?? name
    var content = bytes
    let signed = try SignedAssociation.unwrap(bytes)
    if let signed { content = signed.content }
    // An app's entitlements are checked against the sites, by `check`: never linted as a page.
    if let refusal = EntitlementsInput.refusal(
      file: argument, bytes: content, kindGiven: kind != nil)
    {
      throw refusal
    }
    let detected = InputKind.detect(SourceDocument(name: name, bytes: content))
    self.name = name
    self.argument = argument
    self.kind = kind ?? detected.kind
    self.kindGiven = kind != nil
    self.document = detected.document
    self.signed = signed
  }

  /// An upload's bytes in base64 (whitespace between lines allowed), named `name`.
  package init(name: String, base64: String, kind: InputKind? = nil) throws {
    guard let data = Data(base64Encoded: base64.filter { !$0.isWhitespace }) else {
      throw UsageError("\(name) is not base64: give the file's bytes in base64, or its text")
    }
    try self.init(name: name, bytes: [UInt8](data), kind: kind)
  }

  /// The file at `path`, or standard input for `-`, within `limit` bytes (``FileInput``); an
  /// APK is read as its compiled manifest. `name` is what findings call it: `<stdin>` for `-`
  /// and the path otherwise, unless given.
  package static func read(
    path: String, kind: InputKind? = nil, limit: Int = FileInput.defaultLimit,
    name: String? = nil
  ) throws -> InputDocument {
    let name = name ?? (path == "-" ? "<stdin>" : path)
    if path != "-", AndroidAppArchive.isArchive(path: path) {
      let compiled: CompiledManifest
      do {
        compiled = try AndroidAppArchive.manifest(atPath: path)
      } catch {
        // An archive that is not a readable APK: a usage error, in the archive's words.
        throw UsageError(error.description)
      }
      return InputDocument(builtApp: compiled, path: path)
    }
    return try InputDocument(
      name: name, bytes: try FileInput.read(path, limit: limit), kind: kind, argument: path)
  }

  /// An APK's manifest, findings at `APP.apk!/AndroidManifest.xml:LINE`.
  private init(builtApp compiled: CompiledManifest, path: String) {
    name = "\(path)!/\(AndroidAppArchive.manifestEntry)"
    argument = path
    kind = .manifest
    kindGiven = false
    document = SourceDocument(name: name, bytes: compiled.source)
    builtApp = compiled
  }
}

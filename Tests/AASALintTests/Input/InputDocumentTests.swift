import AASACore
import AASALint
import Foundation
import TestSupport
import Testing

/// The input seam: text, a file, `-` and a base64 upload read into the same ``InputDocument``,
/// a signed file unwrapped in each, an app's entitlements refused once for all.
@Suite("Input documents")
struct InputDocumentTests {
  static let association = """
    {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.example.app"], \
    "components": [{"/": "/albums/*"}]}]}}
    """

  /// One file of each kind, and the kind it reads as.
  static let files: [(String, InputKind)] = [
    (association, .aasa),
    (#"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {}}]"#, .assetlinks),
    (#"{"routes": {"albums/:id": {"class": "AlbumView"}}}"#, .routes),
    (#"{"rules": [{"path": "/a/*", "fallback": "https://example.com/"}]}"#, .links),
    (#"<html><head><meta property="al:ios:url" content="app://x"></head></html>"#, .applinks),
    (#"<manifest package="com.example.app"><application/></manifest>"#, .manifest),
  ]

  static let entitlements = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict><key>com.apple.developer.associated-domains</key>
    <array><string>applinks:example.com</string></array></dict></plist>
    """

  @Test("text, a file and a base64 upload read as the same kind, named as given")
  func everyFormReadsTheSameKind() throws {
    let directory = try TemporaryDirectory(label: "input-document")
    for (index, (text, kind)) in Self.files.enumerated() {
      let bytes = Array(text.utf8)
      let pasted = try InputDocument(name: "pasted.json", bytes: bytes)
      let path = try directory.write("file-\(index)", text)
      let file = try InputDocument.read(path: path)
      let upload = try InputDocument(
        name: "upload", base64: Data(bytes).base64EncodedString(options: .lineLength64Characters))
      for input in [pasted, file, upload] {
        #expect(input.kind == kind, "\(text)")
        #expect(!input.kindGiven)
        #expect(input.bytes == bytes)
        #expect(input.signed == nil)
        #expect(input.document.name == input.name)
      }
      #expect(pasted.name == "pasted.json")
      #expect(file.name == path)
      #expect(file.argument == path)
      #expect(upload.name == "upload")
    }
  }

  @Test("a kind given wins over the content, and is said to be given")
  func givenKindWins() throws {
    let input = try InputDocument(
      name: "site.json", bytes: Array(Self.association.utf8), kind: .assetlinks)
    #expect(input.kind == .assetlinks)
    #expect(input.kindGiven)
  }

  @Test("standard input is named <stdin> in findings, `-` in the refusal it quotes")
  func standardInputName() throws {
    let input = try InputDocument(
      name: "<stdin>", bytes: Array(Self.association.utf8), argument: "-")
    #expect(input.name == "<stdin>")
    #expect(input.argument == "-")
    #expect(throws: UsageError.self) {
      try InputDocument(name: "<stdin>", bytes: Array(Self.entitlements.utf8), argument: "-")
    }
  }

  @Test("an app's entitlements are refused in every form, naming the command that checks them")
  func entitlementsAreRefused() throws {
    let directory = try TemporaryDirectory(label: "input-entitlements")
    let path = try directory.write("App.entitlements", Self.entitlements)
    let attempts: [() throws -> InputDocument] = [
      { try InputDocument(name: "App.entitlements", bytes: Array(Self.entitlements.utf8)) },
      { try InputDocument.read(path: path) },
      {
        try InputDocument(
          name: "upload", base64: Data(Self.entitlements.utf8).base64EncodedString())
      },
    ]
    for attempt in attempts {
      let error = try #require(throws: UsageError.self) { try attempt() }
      #expect(error.description.contains("aasa-lint check --entitlements"), "\(error)")
    }
  }

  @Test("base64 that is not base64 is refused in words")
  func badBase64() throws {
    let error = try #require(throws: UsageError.self) {
      try InputDocument(name: "upload", base64: "not base64!")
    }
    #expect(
      error.description == "upload is not base64: give the file's bytes in base64, or its text")
  }

  @Test(
    "a signed file is unwrapped in every form: its content's kind, the signature kept",
    arguments: [false, true])
  func signedFilesAreUnwrapped(pem: Bool) async throws {
    let directory = try TemporaryDirectory(label: "input-signed")
    let signer = try TestCertificate.selfSigned(
      in: directory, name: "signer", commonName: "Input Seam Signer", alternativeNames: [], days: 30
    )
    let signed = try await signer.sign(Self.association, in: directory, pem: pem)
    let path = try directory.write("apple-app-site-association", signed)
    var forms = [
      try InputDocument.read(path: path),
      try InputDocument(name: "upload", base64: Data(signed).base64EncodedString()),
    ]
    if pem {
      // PEM is text: it can be pasted.
      forms.append(
        try InputDocument(
          name: "pasted", bytes: Array(String(decoding: signed, as: UTF8.self).utf8))
      )
    }
    for input in forms {
      #expect(input.kind == .aasa)
      #expect(input.bytes == Array(Self.association.utf8))
      let signature = try #require(input.signed)
      #expect(signature.signer.contains("CN=Input Seam Signer"))
    }
  }

  @Test("aasa-lint files lints a signed file as aasa-lint FILE does: unwrapped, signature shown")
  func filesUnwrapsAsLintDoes() async throws {
    let directory = try TemporaryDirectory(label: "input-files-signed")
    let signer = try TestCertificate.selfSigned(
      in: directory, name: "signer", commonName: "Input Seam Signer", alternativeNames: [], days: 30
    )
    let signed = try await signer.sign(Self.association, in: directory, pem: false)
    let path = try directory.write("signed.json", signed)
    let single = try rendered(try await LintRequest(file: path).run(notes: OutputSink()), .json)
    let files = try rendered(try FilesRun(files: [path]).run(), .json)
    #expect(single.text.contains("\"signature\""), "\(single.text)")
    let alone = try #require(
      try JSONSerialization.jsonObject(with: Data(single.text.utf8)) as? NSDictionary)
    let gathered = try #require(
      try JSONSerialization.jsonObject(with: Data(files.text.utf8)) as? [String: Any])
    let entries = try #require(gathered["files"] as? [NSDictionary])
    #expect(entries == [alone], "\(files.text)")
  }
}

import AASALint
import Testing

@Suite("Input kind detection")
struct InputKindTests {
  @Test(
    "content decides the kind",
    arguments: [
      ("{\"applinks\": {\"details\": []}}", InputKind.aasa),
      ("[{\"relation\": [], \"target\": {}}]", .assetlinks),
      (
        "{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {}}",
        .assetlinks
      ),
      ("\u{FEFF}  \n<!doctype html><html><head></head></html>", .applinks),
      ("<html>", .applinks),
      ("{\"routes\": {\"data/:id\": {}}}", .routes),
      ("{\"defaultRoute\": {\"class\": \"Home\"}, \"logging\": true}", .routes),
      // An association file with a stray `routes` key is still an association file.
      ("{\"applinks\": {}, \"routes\": {}}", .aasa),
      ("{\"routes\": {}, \"relation\": []}", .assetlinks),
      ("{\"routes\": ", .aasa),
      ("", .aasa),
    ])
  func detects(_ content: String, _ kind: InputKind) {
    #expect(InputKind.detect(Array(content.utf8)) == kind)
  }
}

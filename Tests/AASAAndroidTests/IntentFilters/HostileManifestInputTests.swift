import TestSupport
import Testing

@testable import AASAAndroid

/// The readers added for routing stay near-linear on hostile input: a manifest of many filters
/// and long start tags, a build file of endless placeholder maps, a pattern at Android's bound.
@Suite("Intent filters: hostile input stays bounded")
struct HostileManifestInputTests {
  let clock = ContinuousClock()

  @Test("10,000 filters with long start tags: read, located and routed quickly")
  func manyFilters() {
    let filter = """
      <intent-filter android:autoVerify="true"
      \((0..<20).map { "    tools:x\($0)=\"a>b\"\n" }.joined())>
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />
      <data android:scheme="https" android:host="a.example.com" android:pathPattern="/.*x.*y.*z" />
      </intent-filter>
      """
    let manifest =
      #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="t" package="a.b"><application><activity android:name=".A">"#
      + String(repeating: filter, count: 10_000) + "</activity></application></manifest>"
    var router: ManifestRouter?
    let elapsed = clock.measure {
      router = ManifestRouter(manifest: Array(manifest.utf8))
      _ = router?.route("https://a.example.com/" + String(repeating: "x", count: 1_000))
    }
    #expect(router?.filters.count == 10_000)
    #expect(router?.filters.last?.authorities.first?.host.location.line ?? 0 > 200_000)
    // Only against a blow-up: near-linear, this is well inside the bound; a reader quadratic in
    // the 8 MB manifest is not.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test("A build file of 4 MiB of unterminated maps is read in one pass")
  func endlessGradle() {
    let text = String(repeating: "manifestPlaceholders += [a: \"b\", c: mapOf(", count: 100_000)
    var result: GradlePlaceholders?
    let elapsed = clock.measure { result = GradlePlaceholders(buildFile: text) }
    #expect(result?.placeholders["a"] == "b")
    // Only against a blow-up: one pass is well inside the bound; rescanning the rest of the file
    // for each of the 100,000 unterminated maps is not.
    #expect(elapsed < BlowUpBound.limit)
  }

  @Test("A pattern at Android's storage bound compiles; one past it is refused")
  func storageBound() throws {
    #expect(throws: Never.self) { try AndroidAdvancedPattern(String(repeating: "a", count: 2_045)) }
    #expect(throws: AndroidAdvancedPattern.Problem.self) {
      try AndroidAdvancedPattern(String(repeating: "a", count: 2_047))
    }
  }
}

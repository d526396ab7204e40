import Foundation
import TestSupport
import Testing

@testable import AASAAndroid

@Suite("Intent filters: manifestPlaceholders read from build.gradle(.kts)")
struct GradlePlaceholdersTests {
  @Test("Groovy: applicationId, indexed assignment, += map, put; comments and computed values")
  func groovy() {
    let gradle = GradlePlaceholders(
      buildFile: """
        android {
          defaultConfig {
            applicationId "com.example.shop"
            // manifestPlaceholders["commented"] = "no"
            manifestPlaceholders["hostName"] = "shop.example.com"
            manifestPlaceholders += [scheme: 'https', "deepLinkPrefix": "/app", computed: host()]
            manifestPlaceholders.put("extra", "x")
            manifestPlaceholders["interpolated"] = "${suffix}.example.com"
          }
          productFlavors {
            staging { manifestPlaceholders["hostName"] = "staging.example.com" }
          }
        }
        """)
    #expect(gradle.applicationId == "com.example.shop")
    #expect(
      gradle.placeholders == [
        "hostName": "shop.example.com", "scheme": "https", "deepLinkPrefix": "/app",
        "extra": "x",
      ])
    #expect(gradle.conflicting == ["hostName"])
    #expect(gradle.resolving(package: nil)["applicationId"] == "com.example.shop")
  }

  @Test("Kotlin: applicationId =, mapOf, indexed assignment")
  func kotlin() {
    let gradle = GradlePlaceholders(
      buildFile: """
        android {
          defaultConfig {
            applicationId = "com.example.kts"
            manifestPlaceholders += mapOf("hostName" to "kts.example.com", "n" to 3)
            manifestPlaceholders["auth"] = "login.example.com"
          }
        }
        """)
    #expect(gradle.applicationId == "com.example.kts")
    #expect(gradle.placeholders == ["hostName": "kts.example.com", "auth": "login.example.com"])
    #expect(GradlePlaceholders().resolving(package: "a.b")["applicationId"] == "a.b")
  }

  @Test("The build file beside app/src/main/AndroidManifest.xml is found")
  func findsBuildFile() throws {
    let folder = try TemporaryDirectory()
    let main = folder.url.appendingPathComponent("app/src/main")
    try FileManager.default.createDirectory(at: main, withIntermediateDirectories: true)
    let manifest = main.appendingPathComponent("AndroidManifest.xml").path
    #expect(GradlePlaceholders.findBuildFile(besideManifest: manifest) == nil)
    let build = folder.url.appendingPathComponent("app/build.gradle.kts")
    try Data("android {}".utf8).write(to: build)
    #expect(GradlePlaceholders.findBuildFile(besideManifest: manifest) == build.path)
  }
}

@Suite("Intent filters: ${applicationId} from the manifest's package")
struct ManifestPackageAttributeTests {
  @Test("The root's package attribute is read before the parse that needs it")
  func packageAttribute() throws {
    let manifest = """
      <?xml version="1.0" encoding="utf-8"?>
      <!-- <manifest package="commented.out"> -->
      <manifest xmlns:android="http://schemas.android.com/apk/res/android"
          package = 'com.example.shop'>
        <application><activity android:name=".A"><intent-filter android:autoVerify="true">
          <action android:name="android.intent.action.VIEW" />
          <category android:name="android.intent.category.DEFAULT" />
          <category android:name="android.intent.category.BROWSABLE" />
          <data android:scheme="https" android:host="${applicationId}.example.com" />
        </intent-filter></activity></application>
      </manifest>
      """
    let bytes = Array(manifest.utf8)
    let package = AndroidManifestFile.packageAttribute(of: bytes)
    #expect(package == "com.example.shop")
    let placeholders = GradlePlaceholders(buildFile: "android {}").resolving(package: package)
    let router = ManifestRouter(
      manifest: bytes, resources: ManifestResources(placeholders: placeholders))
    #expect(router.report.hosts.map(\.host) == ["com.example.shop.example.com"])
    #expect(AndroidManifestFile.packageAttribute(of: Array("<resources/>".utf8)) == nil)
  }
}

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

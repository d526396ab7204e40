import Foundation
import TestSupport
import Testing

/// `aasa-lint PAGE` and `aasa-lint inbound URL` run as processes, on the example pages.
@Suite("App Links pages and inbound URLs, end to end")
struct AppLinksCommandTests {
  static func json(_ output: ProcessResult) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    return try #require(object as? [String: Any], "\(output.stdout)")
  }

  @Test("an iPhone with the ios app installed opens it, with al_applink_data in the URL")
  func iphoneNavigation() async throws {
    let output = try await LintProcess.run(
      [
        "examples/applinks/docs.html", "--page-url", "https://bolts.example.com/docs",
        "--platform", "iphone", "--installed", "bolts", "--extras", #"{"myapp_token":"t0kEn"}"#,
        "--format", "json",
      ], in: BuiltProducts.packageRoot)
    #expect(output.status == 0, "\(output.stderr)")
    let report = try Self.json(output)
    #expect(report["kind"] as? String == "applinks")
    let appLink = try #require(report["appLink"] as? [String: Any])
    #expect(appLink["sourceURL"] as? String == "https://bolts.example.com/docs")
    let targets = try #require(appLink["targets"] as? [[String: Any]])
    #expect(targets.map { $0["platform"] as? String } == ["ios", "iphone", "ipad"])
    #expect(targets[0]["app_store_id"] as? String == "284882219")
    let web = try #require(appLink["web"] as? [String: Any])
    #expect(web["url"] as? String == "https://bolts.example.com/docs")
    #expect(web["should_fallback"] as? Bool == true)
    let navigation = try #require(report["navigation"] as? [String: Any])
    #expect(navigation["type"] as? String == "app")
    #expect(navigation["intent"] is NSNull)
    let url = try #require(navigation["url"] as? String)
    #expect(url.hasPrefix("bolts://docs?al_applink_data="))
    let data = try #require(navigation["appLinkData"] as? [String: Any])
    #expect(data["target_url"] as? String == "https://bolts.example.com/docs")
    #expect(data["user_agent"] as? String == "aasa 0.1.0")
    #expect((data["extras"] as? [String: String])?["myapp_token"] == "t0kEn")
    let events = try #require(navigation["events"] as? [[String: Any]])
    #expect(events.first?["name"] as? String == "al_nav_out")
  }

  @Test("Android opens the second group by its data scheme, as an Intent")
  func androidIntent() async throws {
    let output = try await LintProcess.run(
      [
        "examples/applinks/versions.html", "--page-url", "https://photos.example.com/p/7",
        "--platform", "android", "--installed", "com.example.photos:photos", "--format", "json",
      ], in: BuiltProducts.packageRoot)
    let navigation = try #require(try Self.json(output)["navigation"] as? [String: Any])
    let intent = try #require(navigation["intent"] as? [String: Any])
    #expect(intent["action"] as? String == "android.intent.action.VIEW")
    #expect(intent["package"] as? String == "com.example.photos")
    #expect(intent["class"] is NSNull)
    #expect(intent["data"] as? String == "photos://photo?id=7")
    #expect(navigation["url"] as? String == "photos://photo?id=7")
    let extras = try #require(intent["extras"] as? [String: Any])
    #expect((extras["al_applink_data"] as? [String: Any])?["version"] as? String == "1.0")
  }

  @Test("text output: a table per platform with lines, and the navigation as one line")
  func textOutput() async throws {
    let output = try await LintProcess.run(
      [
        "examples/applinks/app-only.html", "--page-url", "https://tickets.example.com/t/4711",
        "--platform", "iphone",
      ], in: BuiltProducts.packageRoot)
    #expect(output.status == 0)
    #expect(
      output.stdout.contains("    line  group  url                    app_store_id  app_name"))
    #expect(output.stdout.contains("    6     1      tickets://ticket/4711  1458392011    Tickets"))
    #expect(
      output.lines.last == "iphone → fails: no target installed and should_fallback is false")
  }

  @Test("the broken page fails with its findings at their lines")
  func brokenPage() async throws {
    let output = try await LintProcess.run(
      ["examples/applinks/broken.html", "--format", "json"], in: BuiltProducts.packageRoot)
    #expect(output.status == 1)
    let diagnostics = try #require(try Self.json(output)["diagnostics"] as? [[String: Any]])
    let codes = Set(diagnostics.compactMap { $0["code"] as? String })
    #expect(codes.isSuperset(of: ["AL006", "AL007", "AL102", "AL103", "AL104", "AL105", "AL002"]))
    let unknownPlatform = diagnostics.first { $0["code"] as? String == "AL006" }
    #expect(unknownPlatform?["line"] as? Int == 5)
  }

  @Test("sarif and github formats carry the page's findings")
  func otherFormats() async throws {
    let sarif = try await LintProcess.run(
      ["examples/applinks/broken.html", "--format", "sarif"], in: BuiltProducts.packageRoot)
    #expect(JSONText.contains(sarif.stdout, object: ["ruleId": "AL006"]))
    let github = try await LintProcess.run(
      ["examples/applinks/broken.html", "--format", "github"], in: BuiltProducts.packageRoot)
    #expect(github.stdout.contains("::error file=examples/applinks/broken.html,line=5,col=3"))
  }

  @Test("files lints pages among association files")
  func filesCommand() async throws {
    let output = try await LintProcess.run(
      ["files", "examples/applinks/docs.html", "examples/applinks/broken.html"],
      in: BuiltProducts.packageRoot)
    #expect(output.status == 1)
    #expect(output.stdout.contains("examples/applinks/docs.html: no problems"))
    #expect(output.stdout.contains("examples/applinks/broken.html:5:3: error"))
  }

  @Test("an unknown --platform is a usage error listing the devices")
  func unknownPlatform() async throws {
    let output = try await LintProcess.run(
      ["examples/applinks/docs.html", "--platform", "blackberry"], in: BuiltProducts.packageRoot)
    expectCleanFailure(output)
    #expect(output.stderr.contains("iphone, ipad, ios, android, windows_phone"))
  }

  @Test("inbound: valid data gives the target, referer and events; parameters without = are null")
  func inboundValid() async throws {
    let data =
      #"{"target_url":"https://example.com/docs?id=7","referer_app_link":{"url":"fb://back","app_name":"Facebook"},"version":"1.0"}"#
    let encoded = data.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    let output = try await LintProcess.run([
      "inbound", "bolts://docs?flag&al_applink_data=\(encoded)", "--source-application",
      "com.facebook.Facebook", "--format", "json",
    ])
    #expect(output.status == 0, "\(output.stdout)")
    let report = try Self.json(output)
    #expect(report["kind"] as? String == "inbound")
    let inbound = try #require(report["inbound"] as? [String: Any])
    #expect(inbound["targetURL"] as? String == "https://example.com/docs?id=7")
    #expect((inbound["inputQueryParameters"] as? [String: Any])?["flag"] is NSNull)
    #expect((inbound["targetQueryParameters"] as? [String: Any])?["id"] as? String == "7")
    #expect((inbound["referer"] as? [String: Any])?["app_name"] as? String == "Facebook")
    let events = try #require(inbound["events"] as? [[String: Any]])
    #expect(events.compactMap { $0["name"] as? String } == ["al_link_parse", "al_nav_in"])
  }

  @Test("inbound: data cut at a raw & is explained and exits 1")
  func inboundTrap() async throws {
    let data = #"{"target_url":"https://example.com/docs?a=1&b=2","version":"1.0"}"#
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "\"{}")
    let encoded = data.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!
    let output = try await LintProcess.run(["inbound", "bolts://docs?al_applink_data=\(encoded)"])
    #expect(output.status == 1)
    #expect(output.stdout.contains("[AL404]"))
    #expect(output.stdout.contains("al_applink_data  none"))
  }
}

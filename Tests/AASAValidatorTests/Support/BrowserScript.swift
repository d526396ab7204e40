import Foundation
import TestSupport

/// A script of `Resources/` that drives headless Chromium through the page: the browser, its
/// driver and a Python that imports selenium, found once for the three browser suites.
///
/// On Linux (and in CI, where `.ci/setup` installs Debian's `chromium`, `chromium-driver` and
/// `python3-selenium`) a missing one fails the test; Debian's selenium imports only under the
/// system Python, `/usr/bin/python3`. On a Mac they are optional (Homebrew's chromium and
/// chromedriver, selenium for python3): ``find(for:)`` answers nil and the test returns.
struct BrowserScript {
  #if os(Linux)
    static let python = "/usr/bin/python3"
  #else
    static let python = ExecutableLookup.path(of: "python3") ?? "python3"
  #endif

  let chromium: String
  let driver: String

  static func find(for suite: String) async throws -> BrowserScript? {
    #if os(Linux)
      return BrowserScript(
        chromium: try ExecutableLookup.require("chromium"),
        driver: try ExecutableLookup.require("chromedriver"))
    #else
      guard
        let chromium = ExecutableLookup.path(of: "chromium")
          ?? ExecutableLookup.path(of: "google-chrome"),
        let driver = ExecutableLookup.path(of: "chromedriver"),
        (try? await ChildProcess.run(python, ["-c", "import selenium"]))?.status == 0
      else {
        print("\(suite): skipped on macOS without chromium, chromedriver and selenium")
        return nil
      }
      return BrowserScript(chromium: chromium, driver: driver)
    #endif
  }

  /// Runs `Resources/NAME` with `configuration` and the browser's paths as its one argument (a
  /// JSON object). Selenium Manager is kept offline (nothing may be downloaded), and Python writes
  /// no `__pycache__` into the package's folder.
  func run(_ name: String, _ configuration: [String: Any]) async throws -> ProcessResult {
    var configuration = configuration
    configuration["chromium"] = chromium
    configuration["chromedriver"] = driver
    let argument = String(
      decoding: try JSONSerialization.data(withJSONObject: configuration), as: UTF8.self)
    let script = BuiltProducts.packageRoot.appendingPathComponent(
      "Tests/AASAValidatorTests/Resources/" + name
    ).path
    return try await ChildProcess.run(
      Self.python, [script, argument],
      environment: ["SE_OFFLINE": "true", "PYTHONDONTWRITEBYTECODE": "1"],
      timeout: .seconds(240))
  }
}

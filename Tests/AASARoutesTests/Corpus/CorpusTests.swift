import AASACore
import AASARoutes
import Foundation
import TestSupport
import Testing

/// The real configs in ../shared/corpus/mdl: each lints without a crash, and each route receives
/// the links written for it.
@Suite struct CorpusTests {
  static let directory = BuiltProducts.packageRoot.appendingPathComponent("../shared/corpus/mdl")

  static var files: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test func theCorpusIsThere() {
    #expect(Self.files.count >= 8)
  }

  @Test(arguments: files) func lintsAndRoutesItsOwnLinks(file: String) throws {
    let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(file)))
    let report = RouteConfigLinter.lint(bytes)
    var config = try #require(report.config)
    #expect(!config.routes.isEmpty)
    // With logging on, iOS stops at the first regex failure (see theLoggingQuirkHidesARoute):
    // each route's own link is checked with logging off.
    config.logging = .absent
    let router = Router(config)
    for route in config.routes {
      let link = Self.link(for: route)
      for platform in Platform.allCases {
        let answer = router.route(link, on: platform)
        #expect(answer.routeName == route.key, "\(file) \(link) on \(platform)")
        #expect(answer.via == .exact)
      }
    }
    for platform in Platform.allCases {
      #expect(router.route("mdldemo://", on: platform).via == .default)
    }
  }

  /// Each demo app's quirks are named: 006's duplicated storyboard, 003's string logging, the
  /// single-digit regexes that mean different things on the two platforms.
  @Test func theDemoAppsQuirksAreNamed() throws {
    func codes(_ file: String) throws -> Set<String> {
      let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent(file)))
      return Set(RouteConfigLinter.lint(bytes).diagnostics.map(\.code.rawValue))
    }
    #expect(try codes("006.json").contains("AASA008"))
    #expect(try codes("003.json").isSuperset(of: ["MDL006", "MDL202", "MDL206"]))
    #expect(try codes("007.json").isSuperset(of: ["MDL202", "MDL007"]))
    #expect(try !codes("007.json").contains("MDL301"))
    #expect(try !codes("007.json").contains("MDL302"))
  }

  /// The Android demo (007) turns logging on: on iOS, `handler/order` then fails at
  /// `handler/:handlerId`'s regex and is trimmed to `handler`; Android opens it.
  @Test func theLoggingQuirkHidesARoute() throws {
    let bytes = Array(try Data(contentsOf: Self.directory.appendingPathComponent("007.json")))
    let router = Router(try #require(RouteConfigLinter.lint(bytes).config))
    let ios = router.route("mdldemo://handler/order", on: .ios)
    #expect(ios.routeName == "handler")
    #expect(ios.via == .trimmed)
    #expect(router.route("mdldemo://handler/order", on: .android).routeName == "handler/order")
  }

  /// A link the route is written for: literals as written, a value its regex accepts for each
  /// `:param`, and every declared query parameter.
  static func link(for route: Route) -> String {
    var segments: [String] = []
    for segment in route.iosSegments {
      switch segment {
      case .literal(let text): segments.append(text)
      case .parameter(let name): segments.append(value(for: route.parameters[name]))
      case .empty: segments.append("")
      }
    }
    let path = Set(route.pathParameterNames)
    let query = route.parameterNames.filter { !path.contains($0) }.map {
      "\($0)=\(value(for: route.parameters[$0]))"
    }
    return "mdldemo://" + segments.joined(separator: "/")
      + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
  }

  static func value(for parameter: RouteParameter?) -> String {
    guard let regex = parameter?.regex else { return "value1" }
    return ["5", "value1", "a"].first {
      regex.accepts($0, on: .ios) && regex.accepts($0, on: .android)
    } ?? "5"
  }
}

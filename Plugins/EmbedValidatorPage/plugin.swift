import Foundation
import PackagePlugin

/// Embeds the validator page's files (`Sources/AASAValidator/Page/`) in the target as a
/// generated Swift source, so that the binaries carry the page and need nothing beside them.
///
/// The files stay real files in the repository, readable and reviewed as HTML, CSS and
/// JavaScript; the target excludes the folder, and this plugin lists it and hands each file to
/// `aasa-embed-page`, which declares them as inputs so that an edit rebuilds the source.
@main
struct EmbedValidatorPage: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let folder = target.directoryURL.appending(path: "Page")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }
      .sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedPage.swift")
    return [
      .buildCommand(
        displayName: "Embedding the validator page (\(names.count) files)",
        executable: try context.tool(named: "aasa-embed-page").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}

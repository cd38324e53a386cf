import Foundation
import PackagePlugin

/// Compiles the target's page files (`.html`, `.css`, `.js`) into Swift source, so the page that
/// `catalog serve` shows lives inside the binary, like the migrations, and no path of a request
/// ever reaches the file system.
@main
struct EmbedAssets: BuildToolPlugin {
  static let extensions: Set = ["html", "css", "js"]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let assets = try FileManager.default
      .contentsOfDirectory(at: target.directoryURL, includingPropertiesForKeys: nil)
      .filter { Self.extensions.contains($0.pathExtension) }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(assets.count) page files into \(target.name)",
        executable: try context.tool(named: "AssetEmbedder").url,
        arguments: [output.path] + assets.map(\.path),
        inputFiles: assets,
        outputFiles: [output]
      )
    ]
  }
}

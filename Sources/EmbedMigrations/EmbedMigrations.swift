import Foundation
import PackagePlugin

/// Compiles the target's `NNNN_name.sql` files into Swift source, so the migrations live inside
/// the binary and keep working when it is copied away from `.build/`.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let sqlFiles = try FileManager.default
      .contentsOfDirectory(at: target.directoryURL, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "sql" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(sqlFiles.count) migrations into \(target.name)",
        executable: try context.tool(named: "MigrationEmbedder").url,
        arguments: [output.path] + sqlFiles.map(\.path),
        inputFiles: sqlFiles,
        outputFiles: [output]
      )
    ]
  }
}

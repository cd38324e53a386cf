import Foundation
import PackagePlugin

/// Compiles the target's `NNNN_name.sql` files (SQLite's) and those in its `postgresql/` folder
/// (PostgreSQL's) into Swift source, so the migrations live inside the binary and keep working
/// when it is copied away from `.build/`.
@main
struct EmbedMigrations: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    func sqlFiles(in directory: URL) throws -> [URL] {
      try FileManager.default
        .contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "sql" }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
    let sqlite = try sqlFiles(in: target.directoryURL)
    let postgreSQL = try sqlFiles(in: target.directoryURL.appending(path: "postgresql"))
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
    return [
      .buildCommand(
        displayName:
          "Embedding \(sqlite.count) + \(postgreSQL.count) migrations into \(target.name)",
        executable: try context.tool(named: "MigrationEmbedder").url,
        arguments: [output.path, "--sqlite"] + sqlite.map(\.path) + ["--postgresql"]
          + postgreSQL.map(\.path),
        inputFiles: sqlite + postgreSQL,
        outputFiles: [output]
      )
    ]
  }
}

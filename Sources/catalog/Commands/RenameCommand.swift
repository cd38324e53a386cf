import CatalogStore

/// `catalog rename -c NAME NEW`: gives a collection another name.
enum RenameCommand {
  static func run(_ context: CommandContext) throws {
    guard let name = context.invocation.value(for: "collection") else {
      throw UsageError("Missing expected option '--collection <name>'", for: context.invocation)
    }
    let newName = context.invocation.argument("new-name") ?? ""
    let catalog = try context.openCatalog(creating: false)
    try catalog.rename(collection: name, to: newName)
    StandardError.line("renamed '\(name)' to '\(newName.trimmingWhiteSpace)'")
  }
}

import CatalogStore

/// `catalog drop -c NAME`: removes a collection and everything stored for it.
enum DropCommand {
  static func run(_ context: CommandContext) throws {
    guard let name = context.invocation.value(for: "collection") else {
      throw UsageError("Missing expected option '--collection <name>'", for: context.invocation)
    }
    let catalog = try context.openCatalog(creating: false)
    try catalog.drop(collection: name)
    StandardError.line("dropped '\(name)'")
  }
}

import CatalogStore
import CommandLineArguments

/// `catalog drop -c NAME`: removes a collection and everything stored for it.
struct DropCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "drop",
    abstract: "Remove a collection with its items and lists."
  )

  @Option(
    "collection", short: "c", value: "name",
    help: "The collection to remove (required: dropping is never a default).")
  var collection: String?

  func run(_ context: CommandContext) throws {
    guard let collection else {
      throw ValidationError("Missing expected option '--collection <name>'")
    }
    let catalog = try context.openCatalog(creating: false)
    try catalog.drop(collection: collection)
    StandardError.line("dropped '\(collection)'")
  }
}

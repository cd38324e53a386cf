import CatalogStore
import CommandLineArguments

/// `catalog rename -c NAME NEW`: gives a collection another name.
struct RenameCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "rename",
    abstract: "Give a collection another name."
  )

  @Argument("new-name", help: "The collection's new name.")
  var newName: String

  @Option("collection", short: "c", value: "name", help: "The collection to rename (required).")
  var collection: String?

  func run(_ context: CommandContext) throws {
    guard let collection else {
      throw ValidationError("Missing expected option '--collection <name>'")
    }
    let catalog = try context.openCatalog(creating: false)
    try catalog.rename(collection: collection, to: newName)
    StandardError.line("renamed '\(collection)' to '\(newName.trimmingWhiteSpace)'")
  }
}

import CatalogStore

/// `catalog collections`: every collection with its item count, locale and title column.
enum CollectionsCommand {
  static func run(_ context: CommandContext) throws {
    let catalog = try context.openCatalog(creating: false)
    let table = ResultTable(
      columns: ["name", "items", "locale", "title"], format: context.outputFormat,
      output: context.output)
    for collection in try catalog.collections() {
      try table.row([
        .text(collection.name), .integer(collection.itemCount), .text(collection.locale),
        .text(collection.titleColumn),
      ])
    }
    try table.finish()
  }
}

import CatalogRecords
import CatalogStore

/// `catalog collections`: every collection with its item count, locale and title column, and its
/// header and footer when any collection has one.
enum CollectionsCommand {
  static func run(_ context: CommandContext) throws {
    let collections = try context.openCatalog(creating: false).collections()
    let includingNotes = Record.hasNotes(collections)
    let table = ResultTable(
      columns: Record.collectionColumns(includingNotes: includingNotes),
      format: context.outputFormat, output: context.output)
    for collection in collections {
      try table.row(Record(collection: collection, includingNotes: includingNotes))
    }
    try table.finish()
  }
}

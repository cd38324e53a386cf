import CatalogRecords
import CatalogStore
import CommandLineArguments

/// `catalog collections`: every collection with its settings, version, stored groupings and
/// import time, and its header and footer when any collection has one (DESIGN §6).
struct CollectionsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "collections",
    abstract: "List the collections in the catalog."
  )

  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    let records = try Record.collections(in: context.openCatalog(creating: false, keys: .notNeeded))
    let table = ResultTable(
      columns: records.first?.columns ?? Record.collectionColumns(includingNotes: false),
      format: output.format, output: context.output)
    for record in records { try table.row(record) }
    try table.finish()
  }
}

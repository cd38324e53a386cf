import CatalogRecords
import CatalogStore
import CommandLineArguments

/// `catalog collections`: every collection with its settings, version, stored groupings and
/// import time, its identity in JSON, and its header and footer when any collection has one
/// (DESIGN §6, §16).
struct CollectionsCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "collections",
    abstract: "List the collections in the catalog."
  )

  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    // The identity is for programs (DESIGN §16): in JSON, as the server's API gives it.
    let records = try Record.collections(
      in: context.openCatalog(creating: false, keys: .notNeeded),
      includingIdentity: output.format == .json)
    let table = ResultTable(
      columns: records.first?.columns ?? Record.collectionColumns(includingNotes: false),
      format: output.format, output: context.output)
    for record in records { try table.row(record) }
    try table.finish()
  }
}

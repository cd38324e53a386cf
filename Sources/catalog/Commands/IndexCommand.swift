import CatalogQuery
import CatalogRecords

/// `catalog index`: the right-edge index, each entry with its count and the section it jumps to.
enum IndexCommand {
  static func run(_ context: CommandContext) throws {
    let list = try context.openList(try context.openCatalog(creating: false))
    let table = ResultTable(
      columns: Record.indexEntryColumns, format: context.outputFormat, output: context.output)
    for entry in try list.indexEntries(compact: context.invocation.hasFlag("compact")) {
      try table.row(Record(indexEntry: entry))
    }
    try table.finish()
  }
}

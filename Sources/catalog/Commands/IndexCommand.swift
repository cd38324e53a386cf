import CatalogQuery

/// `catalog index`: the right-edge index, each entry with its count and the section it jumps to.
enum IndexCommand {
  static func run(_ context: CommandContext) throws {
    let list = try context.openList(try context.openCatalog(creating: false))
    let table = ResultTable(
      columns: ["title", "section", "count"], format: context.outputFormat,
      output: context.output)
    for entry in try list.indexEntries(compact: context.invocation.hasFlag("compact")) {
      try table.row([
        .text(entry.title), entry.section.map(ResultValue.integer) ?? .null, .integer(entry.count),
      ])
    }
    try table.finish()
  }
}

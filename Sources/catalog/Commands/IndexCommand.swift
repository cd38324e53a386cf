import CatalogQuery
import CatalogRecords

/// `catalog index`: the right-edge index, each entry with its count and the section it jumps to;
/// with `--fit N`, cut to at most N entries, each `•` with the titles it stands for.
enum IndexCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let fit = invocation.integer(for: "fit")
    if let fit, fit < 3 {
      throw UsageError("'--fit' needs at least 3 entries, not \(fit)", for: invocation)
    }
    let list = try context.openList(try context.openCatalog(creating: false))
    var entries = try list.indexEntries(compact: invocation.hasFlag("compact"))
    if let fit { entries = entries.fitted(toAtMost: fit) }
    let table = ResultTable(
      columns: Record.indexEntryColumns(fitted: fit != nil), format: context.outputFormat,
      output: context.output)
    for entry in entries {
      try table.row(Record(indexEntry: entry, fitted: fit != nil))
    }
    try table.finish()
  }
}

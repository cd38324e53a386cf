import CatalogQuery
import CatalogRecords
import CommandLineArguments

/// `catalog index`: the right-edge index, each entry with its count and the section it jumps to;
/// with `--fit N`, cut to at most N entries, each `•` with the titles it stands for.
struct IndexCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "index",
    abstract: "List the index entries of a collection.",
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @OptionGroup var listOptions: ListOptions

  @Flag("compact", help: "List only the entries that have items.")
  var isCompact: Bool

  @Option(
    "fit", value: "n", help: "Show at most this many entries (3 or more), with • for the rest.")
  var fit: Int?

  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    if let fit, fit < 3 {
      throw ValidationError("'--fit' needs at least 3 entries, not \(fit)")
    }
    let list = try listOptions.openList(context)
    var entries = try list.indexEntries(compact: isCompact)
    if let fit { entries = entries.fitted(toAtMost: fit) }
    let table = ResultTable(
      columns: Record.indexEntryColumns(fitted: fit != nil), format: output.format,
      output: context.output)
    for entry in entries {
      try table.row(Record(indexEntry: entry, fitted: fit != nil))
    }
    try table.finish()
  }
}

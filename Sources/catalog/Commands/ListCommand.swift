import CatalogQuery
import CatalogRecords
import CatalogStore
import CommandLineArguments

/// `catalog list`: the items in list order, section by section; in table format each heading is
/// printed once above its items, as a sticky header shows it.
struct ListCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "list",
    abstract: "List the items of a collection, section by section.",
    exclusiveOptions: [["section", "index"]],
    dependentOptions: [ListOptions.indexByNeedsGroupBy]
  )

  @OptionGroup var listOptions: ListOptions

  @Option("section", value: "heading", help: "List only the section with this heading.")
  var section: String?

  @Option("index", value: "title", help: "Start at the section that this index entry jumps to.")
  var index: String?

  @Option("offset", value: "n", help: "Skip this many items of the list first.")
  var offset = 0

  @Option("limit", value: "n", help: "List at most this many items.")
  var limit: Int?

  @OptionGroup var output: OutputOptions

  func run(_ context: CommandContext) throws {
    let list = try listOptions.openList(context)
    var rows = 0..<list.itemCount
    if let section {
      rows = try list.section(withHeading: section).rows
    } else if let index {
      rows = (try list.section(forIndexTitle: index)?.firstRow ?? list.itemCount)..<list.itemCount
    }
    let start = rows.lowerBound + offset
    let end = limit.map { min(start + $0, rows.upperBound) } ?? rows.upperBound
    let items = try list.items(fromRow: start, limit: max(end - start, 0))
    try ItemPrinter(list: list, format: output.format, output: context.output).print(
      next: items.next)
  }
}

/// Prints items in the chosen format: for tables, headings above their items and grouped-list
/// headers and footers, with control characters escaped so that each stays on its line;
/// otherwise one record per item with its row, section and fields.
struct ItemPrinter {
  let list: IndexedList
  let format: OutputFormat
  let output: StandardOutput

  /// Prints the items that `next` returns until it returns nil.
  func print(next: () throws -> ListItem?) throws {
    guard format == .table else { return try printRecords(next: next) }
    func note(_ kind: String, _ text: String?, indent: String = "") throws {
      if let text { try output.line(indent + "(\(kind): \(text.tableEscaped))") }
    }
    try note("header", list.collection.header)
    var current: Section?
    while let item = try next() {
      if current?.index != item.section {
        try note("footer", current?.footer, indent: "  ")
        current = try list.section(at: item.section)
        try output.line(item.heading.isEmpty ? "(blank)" : item.heading.tableEscaped)
        try note("header", current?.header, indent: "  ")
      }
      try output.line("  " + item.title.tableEscaped)
    }
    try note("footer", current?.footer, indent: "  ")
    try note("footer", list.collection.footer)
  }

  private func printRecords(next: () throws -> ListItem?) throws {
    let columns = list.collection.columns
    let table = ResultTable(columns: Record.itemColumns, format: format, output: output)
    while let item = try next() {
      if format == .json {
        try table.row(Record(item: item, fieldNames: columns))
        continue
      }
      // The cells of `Record(item:fieldNames:)`, in its order, without making it.
      try table.delimitedRow(header: Record(item: item, fieldNames: columns)) { cell in
        cell(String(item.row))
        cell(String(item.section))
        cell(item.heading)
        cell(String(item.item))
        cell(item.title)
        item.fields.forEach(cell)
      }
    }
    try table.finish()
  }
}

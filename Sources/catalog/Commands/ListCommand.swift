import CatalogQuery
import CatalogRecords
import CatalogStore

/// `catalog list`: the items in list order, section by section; in table format each heading is
/// printed once above its items, as a sticky header shows it.
enum ListCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let list = try context.openList(try context.openCatalog(creating: false))
    var rows = 0..<list.itemCount
    if let heading = invocation.value(for: "section") {
      rows = try list.section(withHeading: heading).rows
    } else if let title = invocation.value(for: "index") {
      rows = (try list.section(forIndexTitle: title)?.firstRow ?? list.itemCount)..<list.itemCount
    }
    let offset = rows.lowerBound + (invocation.integer(for: "offset") ?? 0)
    let end =
      invocation.integer(for: "limit").map { min(offset + $0, rows.upperBound) } ?? rows.upperBound
    let items = try list.items(fromRow: offset, limit: max(end - offset, 0))
    try ItemPrinter(list: list, context: context).print(next: items.next)
  }
}

/// Prints items in the chosen format: for tables, headings above their items and grouped-list
/// headers and footers, with control characters escaped so that each stays on its line;
/// otherwise one record per item with its row, section and fields.
struct ItemPrinter {
  let list: IndexedList
  let context: CommandContext

  /// Prints the items that `next` returns until it returns nil.
  func print(next: () throws -> ListItem?) throws {
    guard context.outputFormat == .table else { return try printRecords(next: next) }
    let output = context.output
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
    let table = ResultTable(
      columns: Record.itemColumns, format: context.outputFormat, output: context.output)
    while let item = try next() {
      try table.row(Record(item: item, fieldNames: list.collection.columns))
    }
    try table.finish()
  }
}

import CatalogStore

/// `catalog add COL=VALUE…`: adds one item and prints its number, or its key.
enum AddCommand {
  static func run(_ context: CommandContext) throws {
    let output = WriteOutput(context: context)
    let fields = try output.fields()
    let (catalog, collection) = try output.target()
    let (item, summary) = try catalog.add(fields, to: collection.name)
    let name = try output.name(ofItem: item, in: catalog, collection: collection)
    if context.invocation.value(for: "format") != "json" {
      try context.output.line(
        collection.keyColumn == nil
          ? String(item) : try catalog.key(ofItem: item, in: collection) ?? "")
    }
    try output.report(summary, line: "added \(name) to '\(collection.name)'")
  }
}

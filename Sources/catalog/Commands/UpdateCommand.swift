import CatalogStore

/// `catalog update ITEM COL=VALUE…`: sets some fields of one item.
enum UpdateCommand {
  static func run(_ context: CommandContext) throws {
    let output = WriteOutput(context: context)
    let fields = try output.fields()
    let (catalog, collection) = try output.target()
    let word = context.invocation.argument("item") ?? ""
    let summary = try catalog.update(
      try output.reference(word, in: collection), in: collection.name, setting: fields)
    let name = collection.keyColumn == nil ? "item \(word)" : "item '\(word)'"
    try output.report(
      summary,
      line: summary.updated.isEmpty
        ? "\(name) of '\(collection.name)' already has those fields"
        : "updated \(name) of '\(collection.name)'")
  }
}

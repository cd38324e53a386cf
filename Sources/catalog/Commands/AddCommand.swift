import CatalogCollation
import CatalogStore
import CommandLineArguments

/// `catalog add COL=VALUE…`: adds one item and prints its number, or its key.
struct AddCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "add",
    abstract: "Add an item to a collection.",
    discussion: """
      Columns not named are empty. Prints the new item's number, or its key when the \
      collection has a key column.
      """
  )

  @OptionGroup var fields: FieldArguments

  @OptionGroup var write: WriteOptions

  func run(_ context: CommandContext) throws {
    let fields = try self.fields.byColumn()
    let (catalog, collection) = try write.target(context)
    let (item, summary) = try catalog.add(fields, to: collection.name)
    // Nothing is read once the write has committed: a connection lost now would otherwise say
    // that nothing was kept. The key is the key column's value as the catalog keeps it.
    let key = collection.keyColumn.map { String((fields[$0] ?? "").canonicalValue) }
    if write.format != .json { try context.output.line(key ?? String(item)) }
    let name = key.map { "item '\($0)'" } ?? "item \(item)"
    try write.output(context).report(summary, line: "added \(name) to '\(collection.name)'")
  }
}

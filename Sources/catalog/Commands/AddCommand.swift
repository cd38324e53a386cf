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
    let name = try WriteOutput.name(ofItem: item, in: catalog, collection: collection)
    if write.format != .json {
      try context.output.line(
        collection.keyColumn == nil
          ? String(item) : try catalog.key(ofItem: item, in: collection) ?? "")
    }
    try write.output(context).report(summary, line: "added \(name) to '\(collection.name)'")
  }
}

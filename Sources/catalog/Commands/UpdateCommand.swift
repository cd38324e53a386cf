import CatalogStore
import CommandLineArguments

/// `catalog update ITEM COL=VALUE…`: sets some fields of one item.
struct UpdateCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "update",
    abstract: "Set fields of an item.",
    discussion: "The fields not named keep their values."
  )

  @Argument("item", help: WriteOutput.itemHelp)
  var item: String

  @OptionGroup var fields: FieldArguments

  @OptionGroup var write: WriteOptions

  func run(_ context: CommandContext) throws {
    let fields = try self.fields.byColumn()
    let (catalog, collection) = try write.target(context)
    let summary = try catalog.update(
      try WriteOutput.reference(item, in: collection), in: collection.name, setting: fields)
    let name = collection.keyColumn == nil ? "item \(item)" : "item '\(item)'"
    try write.output(context).report(
      summary,
      line: summary.updated.isEmpty
        ? "\(name) of '\(collection.name)' already has those fields"
        : "updated \(name) of '\(collection.name)'")
  }
}

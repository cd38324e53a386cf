import CatalogStore
import CommandLineArguments

/// `catalog remove ITEM…`: removes items, all in one write.
struct RemoveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    name: "remove",
    abstract: "Remove items from a collection."
  )

  @Argument(
    "item", help: "An item's key when the collection has a key column, else its number.")
  var items: [String]

  @OptionGroup var write: WriteOptions

  func run(_ context: CommandContext) throws {
    let (catalog, collection) = try write.target(context)
    var references: [ItemReference] = []
    for word in items {
      let reference = try WriteOutput.reference(word, in: collection)
      if !references.contains(reference) { references.append(reference) }
    }
    let summary = try catalog.remove(references, from: collection.name)
    let count = summary.removed.count
    try write.output(context).report(
      summary,
      line: "removed \(count.withThousandsSeparators) item\(count == 1 ? "" : "s") from "
        + "'\(collection.name)'")
  }
}

import CatalogStore

/// `catalog remove ITEM…`: removes items, all in one write.
enum RemoveCommand {
  static func run(_ context: CommandContext) throws {
    let output = WriteOutput(context: context)
    let words = context.invocation.argumentValues("item")
    let (catalog, collection) = try output.target()
    var references: [ItemReference] = []
    for word in words where !references.contains(try output.reference(word, in: collection)) {
      references.append(try output.reference(word, in: collection))
    }
    let summary = try catalog.remove(references, from: collection.name)
    let count = summary.removed.count
    try output.report(
      summary,
      line: "removed \(count.withThousandsSeparators) item\(count == 1 ? "" : "s") from "
        + "'\(collection.name)'")
  }
}

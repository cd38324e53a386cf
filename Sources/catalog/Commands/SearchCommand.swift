import CatalogQuery

/// `catalog search TEXT`: items whose title or sort-as, or a word in them, starts with the text.
enum SearchCommand {
  static func run(_ context: CommandContext) throws {
    let list = try context.openList(try context.openCatalog(creating: false))
    let results = try list.search(
      context.invocation.argument("text") ?? "", limit: context.invocation.integer(for: "limit")
    ) { StandardError.line("building the search keys of '\(list.collection.name)'…") }
    try ItemPrinter(list: list, context: context).print { try results.next() }
  }
}

import CatalogCollation
import CatalogStore

/// `catalog build`: stores groupings, index titles, locales and search keys ahead of queries.
enum BuildCommand {
  static func run(_ context: CommandContext) throws {
    let invocation = context.invocation
    let request = BuildRequest(
      groupBy: invocation.values(for: "group-by"), indexBy: invocation.values(for: "index-by"),
      locales: try invocation.values(for: "locale").map(CollationLocale.init),
      search: invocation.hasFlag("search"))
    if !request.indexBy.isEmpty && request.groupBy.isEmpty {
      throw UsageError("'--index-by' needs '--group-by <column>'", for: invocation)
    }
    let catalog = try context.openCatalog(creating: false)
    var built = 0
    try catalog.build(request, for: invocation.value(for: "collection")) { line in
      StandardError.line("\(line)…")
      built += 1
    }
    if built == 0 { StandardError.line("everything asked for was stored already") }
  }
}

import CatalogCollation
import CatalogStore

/// `catalog info`: where the catalog is, what made it, and what it holds.
enum InfoCommand {
  static func run(_ context: CommandContext) throws {
    let catalog = try context.openCatalog(creating: false)
    let collections = try catalog.collections()
    var rows = [
      ("catalog", catalog.path),
      ("schema version", String(try catalog.schemaVersion())),
      ("SQLite", Catalog.sqliteVersion),
      ("ICU", Collation.icuVersion),
      ("collections", collections.isEmpty ? "none" : String(collections.count)),
    ]
    rows += collections.map { collection in
      (
        "  " + collection.name,
        "\(collection.itemCount.withThousandsSeparators) items, locale \(collection.locale), "
          + "title \(collection.titleColumn)"
      )
    }
    let width = rows.map(\.0.terminalWidth).max() ?? 0
    for (label, value) in rows {
      try context.output.line(label.padding(toLength: width + 2) + value)
    }
  }
}

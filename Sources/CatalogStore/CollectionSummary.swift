/// What `catalog collections` and `catalog info` show of a collection.
public struct CollectionSummary: Equatable, Sendable {
  public let name: String
  public let itemCount: Int
  /// The canonical ICU locale id chosen at import.
  public let locale: String
  /// The column shown for an item.
  public let titleColumn: String
}

extension Catalog {
  /// Every collection in the catalog, by name.
  public func collections() throws(CatalogError) -> [CollectionSummary] {
    let statement = try connection.prepare(
      "SELECT name, item_count, locale, title_column FROM collections ORDER BY name")
    var summaries: [CollectionSummary] = []
    while try statement.step() {
      summaries.append(
        CollectionSummary(
          name: statement.text(at: 0), itemCount: statement.int(at: 1),
          locale: statement.text(at: 2), titleColumn: statement.text(at: 3)))
    }
    return summaries
  }
}

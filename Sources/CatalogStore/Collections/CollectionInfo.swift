import CatalogCollation

/// A collection as the catalog stores it: its columns and the settings chosen at import.
public struct CollectionInfo: Equatable, Sendable {
  package let id: Int
  public let name: String
  /// The CSV header's column names, in file order.
  public let columns: [String]
  /// The column shown for an item.
  public let titleColumn: String
  /// The columns joined with a space to sort and file an item; the title column by default.
  public let sortAs: [String]
  /// The canonical ICU locale id chosen at import.
  public let locale: String
  /// Grouped-list text above the whole collection.
  public let header: String?
  /// Grouped-list text below the whole collection.
  public let footer: String?
  public let itemCount: Int
  /// The column whose trimmed values identify items, if any (DESIGN §1).
  public let keyColumn: String?
  /// The number the next added item gets; numbers are never reused.
  public let nextItem: Int
  /// The catalog version of the collection's last write.
  public let version: Int
  /// When the collection was last imported, ISO 8601 in UTC.
  public let importedAt: String
  /// How values are read for sorting, filing and search (`--names`, `--ignore-articles`).
  public let sortingOptions: SortingOptions
}

extension Catalog {
  private static let collectionColumns =
    """
    id, name, columns, title_column, sort_as, locale, header, footer, item_count, key_column,
    next_item, version, imported_at, names, ignores_articles
    """

  /// Every collection in the catalog, by name.
  public func collections() throws(CatalogError) -> [CollectionInfo] {
    let statement = try connection.prepare(
      "SELECT \(Self.collectionColumns) FROM collections ORDER BY name")
    var collections: [CollectionInfo] = []
    while try statement.step() { collections.append(Self.collectionInfo(from: statement)) }
    return collections
  }

  /// The groupings whose keys are stored for `collection`: letters first, then by column, each
  /// column's locales in order.
  public func groupings(of collection: CollectionInfo) throws(CatalogError) -> [GroupingInfo] {
    let statement = try connection.prepare(
      "SELECT group_by, locale FROM groupings WHERE collection_id = ? ORDER BY group_by, locale")
    try statement.bind(.integer(collection.id))
    var groupings: [GroupingInfo] = []
    while try statement.step() {
      groupings.append(
        GroupingInfo(
          grouping: Grouping(storedColumn: statement.text(at: 0)), locale: statement.text(at: 1)))
    }
    return groupings
  }

  /// The collection called `name`, or nil when there is none.
  public func collection(named name: String) throws(CatalogError) -> CollectionInfo? {
    let statement = try connection.cached(named: "collection named") {
      "SELECT \(Self.collectionColumns) FROM collections WHERE name = ?"
    }
    try statement.bind(.text(name))
    defer { statement.reset() }
    return try statement.step() ? Self.collectionInfo(from: statement) : nil
  }

  /// The collection with this row id.
  func collection(id: Int) throws(CatalogError) -> CollectionInfo {
    guard let collection = try Self.collection(id: id, in: connection) else {
      throw .invalidRequest("no collection with id \(id) in \(path)")
    }
    return collection
  }

  /// The collection with this row id as `connection` (a snapshot's) sees it, if it exists.
  package static func collection(id: Int, in connection: any DatabaseConnection)
    throws(CatalogError)
    -> CollectionInfo?
  {
    let statement = try connection.prepare(
      "SELECT \(collectionColumns) FROM collections WHERE id = ?")
    try statement.bind(.integer(id))
    return try statement.step() ? collectionInfo(from: statement) : nil
  }

  /// The id of a stored grouping as `connection` (a snapshot's) sees it, if it exists.
  package static func groupingID(
    collectionID: Int, grouping: Grouping, locale: String, in connection: any DatabaseConnection
  ) throws(CatalogError) -> Int? {
    let statement = try connection.prepare(
      "SELECT id FROM groupings WHERE collection_id = ? AND group_by = ? AND locale = ?")
    try statement.bind(.integer(collectionID), .text(grouping.storedColumn), .text(locale))
    return try statement.step() ? statement.int(at: 0) : nil
  }

  private static func collectionInfo(from statement: any DatabaseStatement) -> CollectionInfo {
    CollectionInfo(
      id: statement.int(at: 0), name: statement.text(at: 1),
      columns: statement.stringArray(at: 2),
      titleColumn: statement.text(at: 3),
      sortAs: statement.stringArray(at: 4),
      locale: statement.text(at: 5), header: statement.optionalText(at: 6),
      footer: statement.optionalText(at: 7), itemCount: statement.int(at: 8),
      keyColumn: statement.optionalText(at: 9), nextItem: statement.int(at: 10),
      version: statement.int(at: 11), importedAt: statement.text(at: 12),
      sortingOptions: SortingOptions(
        valuesAreNames: statement.int(at: 13) != 0, ignoresArticles: statement.int(at: 14) != 0))
  }
}

extension Catalog {
  /// The collection called `name`; with nil, the catalog's only collection.
  ///
  /// - Throws: `CatalogError.unknownCollection` for a name that no collection has (or an empty
  ///   catalog), `.collectionNotChosen` for nil when there are several.
  public func resolveCollection(named name: String?) throws(CatalogError) -> CollectionInfo {
    if let name, let collection = try collection(named: name) { return collection }
    let collections = try collections()
    if name == nil && collections.count == 1 { return collections[0] }
    if let name { throw .unknownCollection(name: name, available: collections.map(\.name)) }
    if collections.isEmpty { throw .noCollections(path: path) }
    throw .collectionNotChosen(available: collections.map(\.name))
  }
}

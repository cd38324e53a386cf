import CatalogCollation

/// One item as the catalog stores it: its number, its key, the version that last wrote it, and
/// its fields under the collection's columns.
public struct StoredItem: Equatable, Sendable {
  /// The item's number, which it keeps for good (DESIGN §1).
  public let item: Int
  /// Its key, trimmed and in NFC, when the collection has a key column.
  public let key: String?
  /// The catalog version of the write that last added or changed the item: what an HTTP `ETag`
  /// names (DESIGN §15). Inside a write that has added or changed it, -1 until the write commits.
  public let version: Int
  /// The collection's columns, in order.
  public let columns: [String]
  /// The item's fields, one per column, exactly as written.
  public let fields: [String]
}

extension StoredItem {
  /// The item `reference` names in `collection`, as `connection` sees it; nil when there is none.
  static func read(
    _ reference: ItemReference, of collection: CollectionInfo,
    on connection: any DatabaseConnection
  ) throws(CatalogError) -> StoredItem? {
    let statement: any DatabaseStatement
    switch reference {
    case .number(let number):
      statement = try connection.cached(
        """
        SELECT i.item, i.key, coalesce(i.version, c.imported_version), c.columns, i.fields
        FROM items i JOIN collections c ON c.id = i.collection_id
        WHERE i.collection_id = ?1 AND i.item = ?2
        """
      ).bind(.integer(collection.id), .integer(number))
    case .key(let key):
      guard collection.keyColumn != nil else {
        throw .keyRequired(collection: collection.name, operation: .itemByKey)
      }
      statement = try connection.cached(
        """
        SELECT i.item, i.key, coalesce(i.version, c.imported_version), c.columns, i.fields
        FROM items i JOIN collections c ON c.id = i.collection_id
        WHERE i.collection_id = ?1 AND i.key = ?2
        """
      ).bind(.integer(collection.id), .text(String(key.canonicalValue)))
    }
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return StoredItem(
      item: statement.int(at: 0), key: statement.optionalText(at: 1),
      version: statement.int(at: 2), columns: statement.stringArray(at: 3),
      fields: statement.stringArray(at: 4))
  }
}

import CatalogCollation

extension Catalog {
  /// One item of a collection, by number or by key, read in one statement.
  ///
  /// - Parameter collection: the collection's name; nil when the catalog holds exactly one.
  /// - Throws: `CatalogError.unknownCollection`, `.unknownItem`, `.keyRequired` for a key in a
  ///   collection without a key column.
  public func item(_ reference: ItemReference, in collection: String?) throws(CatalogError)
    -> StoredItem
  {
    let resolved = try resolveCollection(named: collection)
    guard let item = try StoredItem.read(reference, of: resolved, on: connection) else {
      throw .unknownItem(reference, collection: resolved.name)
    }
    return item
  }
}

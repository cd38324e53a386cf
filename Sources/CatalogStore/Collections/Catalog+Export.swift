extension Catalog {
  /// A collection's items in item order, with their fields in the collection's column order: what
  /// `catalog export` writes, so that importing it gives the same collection.
  public func items(of collection: CollectionInfo) throws(CatalogError) -> StoredItemCursor {
    try StoredItemCursor(connection: connection, collectionID: collection.id)
  }
}

import CatalogCollation

extension Catalog {
  /// The id of the stored grouping of `collection` in `collation`'s locale. When it is missing, or
  /// its keys were made by another ICU or collator version, it is first built from the stored
  /// items in one transaction, after calling `willBuild` (so a tool can say why it is slow once).
  package func groupingID(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation,
    willBuild: () -> Void
  ) throws(CatalogError) -> Int {
    if let id = try currentGroupingID(grouping, of: collection, collation: collation) { return id }
    willBuild()
    return try connection.transaction { () throws(CatalogError) in
      if let id = try currentGroupingID(grouping, of: collection, collation: collation) {
        return id
      }
      let build = try GroupingBuild(
        catalog: self, collectionID: collection.id, columns: collection.columns,
        titleColumn: collection.titleColumn, sortAs: collection.sortAs,
        targets: [(grouping, collation)])
      try build.addStoredItems(of: collection.id)
      _ = try build.finish()
      return build.builders[0].groupingID
    }
  }

  /// The grouping's id when it is stored with keys of the running ICU and collator versions.
  private func currentGroupingID(
    _ grouping: Grouping, of collection: CollectionInfo, collation: Collation
  ) throws(CatalogError) -> Int? {
    let statement = try connection.prepare(
      """
      SELECT id FROM groupings
      WHERE collection_id = ? AND group_by = ? AND locale = ? AND icu_version = ?
        AND collator_version = ?
      """)
    try statement.bind(
      .integer(collection.id), .text(grouping.storedColumn), .text(collation.locale.identifier),
      .text(collation.version.icu), .text(collation.version.collator))
    return try statement.step() ? statement.int(at: 0) : nil
  }
}

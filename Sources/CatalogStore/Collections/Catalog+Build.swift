import CatalogCollation

extension Catalog {
  /// Stores what `request` names for a collection that is not stored yet, or was made by another
  /// ICU, calling `willBuild` with a line for each (for a progress message), and then moves the
  /// write-ahead log into the file, so the catalog can be copied or shipped as one file.
  ///
  /// - Throws: `CatalogError.unknownColumn` for a column the collection lacks, `.collation`,
  ///   `.readOnly`, `.busy`.
  public func build(
    _ request: BuildRequest, for collectionName: String?, willBuild: (String) -> Void = { _ in }
  ) throws(CatalogError) {
    try storeKeys(request, for: resolveCollection(named: collectionName), willBuild: willBuild)
    try connection.finishBuild()
  }

  /// Stores what `request` names that is not stored yet, each in a transaction of its own or
  /// in the caller's.
  func storeKeys(
    _ request: BuildRequest, for collection: CollectionInfo, willBuild: (String) -> Void
  ) throws(CatalogError) {
    let named: [(String, CatalogError.ColumnRole)] =
      request.groupBy.map { ($0, .groupBy) } + request.indexBy.map { ($0, .indexBy) }
    for (column, role) in named where !collection.columns.contains(column) {
      throw .unknownColumn(column: column, role: role, available: collection.columns)
    }
    let locales = request.locales.isEmpty ? [collection.locale] : request.locales.map(\.identifier)
    for locale in locales {
      let collation = try collation(for: locale)
      for grouping in [Grouping.letters] + request.groupBy.map(Grouping.column) {
        let id = try listID(grouping, of: collection, collation: collation) {
          willBuild("building the \(grouping) grouping of '\(collection.name)' in \(locale)")
        }
        guard grouping != .letters else { continue }
        for column in request.indexBy {
          try buildSectionTitles(
            listID: id, of: collection, grouping: grouping, indexBy: column,
            collation: collation
          ) { willBuild("building index titles from '\(column)' in \(locale)") }
        }
      }
      if request.search {
        _ = try searchIndexID(of: collection, collation: collation) {
          willBuild("building the search keys of '\(collection.name)' in \(locale)")
        }
      }
    }
  }
}

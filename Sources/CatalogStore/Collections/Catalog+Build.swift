import CatalogCollation

/// What `catalog build` stores ahead of queries, so that a catalog shipped read-only answers every
/// query it will get without writing (DESIGN §11).
public struct BuildRequest: Sendable {
  /// The column groupings to store beside the letters.
  public var groupBy: [String]
  /// The index columns whose titles each of those groupings keeps.
  public var indexBy: [String]
  /// The locales to store every grouping in; empty for the collection's own.
  public var locales: [CollationLocale]
  /// Whether to store the search keys in each locale too.
  public var search: Bool

  public init(
    groupBy: [String] = [], indexBy: [String] = [], locales: [CollationLocale] = [],
    search: Bool = false
  ) {
    self.groupBy = groupBy
    self.indexBy = indexBy
    self.locales = locales
    self.search = search
  }
}

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
    try engine.finishBuild(on: connection)
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
        let id = try groupingID(grouping, of: collection, collation: collation) {
          willBuild("building the \(grouping) grouping of '\(collection.name)' in \(locale)")
        }
        guard grouping != .letters else { continue }
        for column in request.indexBy {
          try buildSectionTitles(
            groupingID: id, of: collection, grouping: grouping, indexBy: column,
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

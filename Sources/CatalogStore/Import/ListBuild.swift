import CatalogCollation

/// Builds some lists of one collection from its items' keys.
///
/// Each item is keyed and filed into every list as it comes, its row key going to the
/// list's `ExternalSorter` (an import does this on its reading thread, and spills the full
/// sort runs on its writing one); `finish()` then writes each list's rows in list order with
/// its sections, counted from those rows. Used by the import, and to build a list from the
/// stored items when a query asks for one that is missing or was keyed by another ICU.
struct ListBuild {
  let keys: RowKeyMaker
  let builders: [ListSort]
  private let connection: any DatabaseConnection

  /// Makes or empties the lists' rows, and makes their builders. Runs inside a transaction.
  init(
    catalog: Catalog, collectionID: Int, columns: [String], titleColumn: String,
    sortAs: [String], sortingOptions: SortingOptions, targets: [(Grouping, Collation)]
  ) throws(CatalogError) {
    connection = catalog.connection
    var builders: [ListSort] = []
    for (list, (grouping, collation)) in targets.enumerated() {
      let id = try catalog.resetList(
        collectionID: collectionID, grouping: grouping, collation: collation)
      builders.append(
        ListSort(
          listID: id, grouping: grouping, collation: collation, sorter: ExternalSorter(),
          list: list))
    }
    self.builders = builders
    keys = try RowKeyMaker(
      columns: columns, titleColumn: titleColumn, sortAs: sortAs, sortingOptions: sortingOptions,
      lists: targets.map { ($0.0, $0.1, []) })
  }

  /// A list's sort run that is full, to be spilled.
  struct FullRun: Sendable {
    let builder: Int
    let run: SortRun
  }

  /// Keys an item and adds it to every list. Returns the sort runs this filled, which the
  /// caller passes to `spill` (an import, on its writing thread).
  func add(item: Int, fields: [String]) -> [FullRun] {
    keys.key(fields: fields)
    var full: [FullRun] = []
    for (position, builder) in builders.enumerated() {
      if let run = builder.add(item: item, fields: fields, keys: keys) {
        full.append(FullRun(builder: position, run: run))
      }
    }
    return full
  }

  /// Sorts full runs and writes them to their lists' scratch files.
  func spill(_ runs: [FullRun]) throws(CatalogError) {
    for full in runs {
      try builders[full.builder].sorter.spill(full.run)
    }
  }

  /// Keys the items already stored for the collection and adds them, in item order.
  func addStoredItems(of collectionID: Int) throws(CatalogError) {
    let statement = try connection.cursor(
      "SELECT item, fields FROM items WHERE collection_id = ? ORDER BY item")
    try statement.bind(.integer(collectionID))
    while try statement.step() {
      let fields = statement.stringArray(at: 1)
      try spill(add(item: statement.int(at: 0), fields: fields))
    }
  }

  /// Writes every list's rows and sections; returns the lists' section counts.
  /// `shouldStop` is asked between batches of rows, and stops the build with `.interrupted`.
  func finish(shouldStop: @Sendable () -> Bool = { false }) throws(CatalogError) -> [Int] {
    var counts: [Int] = []
    for builder in builders {
      counts.append(try builder.finish(connection: connection, shouldStop: shouldStop))
    }
    return counts
  }
}

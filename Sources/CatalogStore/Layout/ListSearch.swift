import CatalogCollation

extension ListReader {
  /// The rows of the items whose search keys (in the search index `searchIndexID`) start with
  /// `key`, in list order, at most `limit` of them, found by the plan that costs least
  /// (`SearchPlan`) or by `plan`.
  package func search(
    searchIndexID: Int, key: [UInt8], collection: CollectionInfo, grouping: Grouping,
    collation: Collation, limit: Int?, plan: SearchPlan? = nil
  ) throws(CatalogError) -> StoredSearchCursor {
    try StoredSearchCursor(
      reader: self, matches: SearchKeyRange(searchIndexID: searchIndexID, prefix: key),
      collection: collection, grouping: grouping, collation: collation, limit: limit, plan: plan)
  }
}

/// The rows a search finds, in list order, with their offsets: the first page costs about what
/// the cheapest of the `SearchPlan`s costs for it, never every match's keys when many match.
package final class StoredSearchCursor {
  /// The plan that finds the rows.
  package let plan: SearchPlan
  private let source: Source

  private enum Source {
    case sorted(SortedSearchMatches)
    case walk(FilteredListWalk)
  }

  init(
    reader: ListReader, matches: SearchKeyRange, collection: CollectionInfo, grouping: Grouping,
    collation: Collation, limit: Int?, plan: SearchPlan?
  ) throws(CatalogError) {
    // The rows from where the matches start are those a walk may read.
    var start: (key: [UInt8], offset: Int) = ([], 0)
    var rows = 0
    var count: Int?
    if plan != .sortingMatches {
      if let key = try SearchStarts(connection: reader.connection).start(
        forKey: matches.prefix, listID: reader.listID), !key.isEmpty
      {
        start = (key, try reader.offset(ofRow: key))
      }
      rows = try reader.totals().rows - start.offset
      count = try matches.count(
        upTo: SearchPlan.countCap(rows: rows, limit: limit), on: reader.connection)
    }
    self.plan = plan ?? SearchPlan.cheapest(matches: count ?? 0, rows: rows, limit: limit)
    switch self.plan {
    case .sortingMatches:
      source = .sorted(
        try SortedSearchMatches(
          reader: reader, matches: matches, collection: collection, grouping: grouping,
          collation: collation, limit: limit))
    case .walkingByMatchedItems:
      let walk = try FilteredListWalk(
        reader: reader, collectionID: collection.id,
        test: .matchedItems(try matches.items(on: reader.connection)), from: start, limit: limit,
        expectedRows: SearchPlan.expectedRows(rows: rows, matches: count ?? 0, limit: limit))
      source = .walk(walk)
    case .walkingByKeys:
      let walk = try FilteredListWalk(
        reader: reader, collectionID: collection.id,
        test: .searchKeys(
          try SearchIndexWriter.keyMaker(for: collection, collation: collation),
          SortAsSource(collection: collection), matches),
        from: start, limit: limit,
        expectedRows: SearchPlan.expectedRows(rows: rows, matches: count ?? 0, limit: limit))
      source = .walk(walk)
    }
  }

  /// How much the search has read: the matches it keyed for the list (`sortingMatches`), or the
  /// list's rows it read (the walks). Lets tests see that a first page does not read every match.
  package var rowsRead: Int {
    switch source {
    case .sorted(let sorted): sorted.matchesKeyed
    case .walk(let walk): walk.rowsRead
    }
  }

  /// The next row found, or nil after the last.
  package func next() throws(CatalogError) -> StoredRow? {
    switch source {
    case .sorted(let sorted): try sorted.next()
    case .walk(let walk): try walk.next()
    }
  }
}

import CatalogCollation

/// One list being built: its rows, put in list order by an `ExternalSorter`, then written
/// with their sections by a `ListBulkWriter`.
struct ListSort {
  let listID: Int
  let grouping: Grouping
  let collation: Collation
  let sorter: ExternalSorter
  /// The builder's list among its key maker's lists.
  let list: Int

  /// Adds the row of an item, which `keys` has just keyed. Returns a full sort run, for
  /// `sorter.spill`.
  func add(item: Int, fields: [String], keys: RowKeyMaker) -> SortRun? {
    sorter.add { record in
      let section = keys.appendRowKey(list: list, item: item, fields: fields, to: &record)
      RowOrderKey.appendSpelling(of: section, to: &record)
    }
  }

  /// Writes the rows in list order and the sections they fall into, merging and counting on a
  /// second thread while this one writes. Returns the number of sections.
  func finish(connection: any DatabaseConnection, shouldStop: @Sendable () -> Bool)
    throws(CatalogError)
    -> Int
  {
    let writer = try ListBulkWriter(
      connection: connection, listID: listID, grouping: grouping, collation: collation)
    var counter = SectionCounter(collation: collation, isLetterGrouping: grouping == .letters)
    let merge = BatchedMerge(sorters: [sorter], empty: RowBatch.init) { batch, key in
      let row = RowOrderKey.decode(key)
      if let ended = counter.add(row) { batch.endedSections.append(ended) }
      batch.rows.append(row.key)
      return batch.rows.count == RowBatch.capacity
    } close: { batch in
      if let last = counter.finish() { batch.endedSections.append(last) }
    }
    var sectionCount = 0
    try merge.forEach { (batch) throws(CatalogError) in
      if shouldStop() { throw .interrupted }
      try batch.rows.withKeys { (keys, range) throws(CatalogError) in
        try writer.addRows(count: batch.rows.count) {
          UnsafeRawBufferPointer(rebasing: keys[range($0)])
        }
      }
      for section in batch.endedSections {
        try writer.addSection(section)
        sectionCount += 1
      }
    }
    try writer.finish()
    return sectionCount
  }
}

/// Row keys in list order, a batch at a time, and the sections that ended with them.
private struct RowBatch: Sendable {
  static let capacity = 1024
  var rows = PackedKeys()
  /// The sections whose last row is in this batch or an earlier one, in order.
  var endedSections: [SectionCounter.Section] = []
}

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

  /// Writes the rows in list order with their sections and block tree. A second thread merges
  /// the sorted runs and works out the rows' items, sections and nodes while this one writes
  /// them: SQLite has one writer, which is busy throughout an import. Returns the number of
  /// sections.
  func finish(connection: any DatabaseConnection, shouldStop: @Sendable () -> Bool)
    throws(CatalogError)
    -> Int
  {
    let writer = try ListBulkWriter(connection: connection, listID: listID, grouping: grouping)
    var counter = SectionCounter(collation: collation, isLetterGrouping: grouping == .letters)
    var blocks = BlockTreeBuilder()
    // Four batches wait at most: the merge outruns the writing, and a batch of a list with a
    // section a row (`--group-by name`) carries a thousand sections (16 took an import of 1M
    // such rows 3 MiB more, for no less time).
    let merge = BatchedMerge(sorters: [sorter], waitingBatches: 4, empty: RowBatch.init) {
      batch, key in
      let row = RowOrderKey.decode(key)
      let (beginsSection, ended) = counter.add(row)
      if let ended { batch.endedSections.append(ended) }
      if beginsSection, let node = blocks.add(key: row.section, isSection: true) {
        batch.nodes.append(node)
      }
      if let node = blocks.add(key: row.key, isSection: false) { batch.nodes.append(node) }
      batch.rows.append(row.key)
      batch.items.append(row.item)
      return batch.rows.count == RowBatch.capacity
    } close: { batch in
      if let last = counter.finish() { batch.endedSections.append(last) }
      batch.nodes += blocks.finish()
    }
    var sectionCount = 0
    try merge.forEach { (batch) throws(CatalogError) in
      if shouldStop() { throw .interrupted }
      try batch.rows.withKeys { (keys, range) throws(CatalogError) in
        try writer.addRows(count: batch.rows.count) {
          UnsafeRawBufferPointer(rebasing: keys[range($0)])
        } item: {
          batch.items[$0]
        }
      }
      try writer.addNodes(batch.nodes)
      for section in batch.endedSections {
        try writer.addSection(section)
        sectionCount += 1
      }
    }
    try writer.finish()
    return sectionCount
  }
}

/// Rows in list order, a batch at a time, with what the writing thread stores besides them.
private struct RowBatch: Sendable {
  static let capacity = 1024
  var rows = PackedKeys()
  /// Each row's item.
  var items: [Int] = []
  /// The block tree's nodes closed so far.
  var nodes: [BlockTreeBuilder.Node] = []
  /// The sections whose last row is in this batch or an earlier one, in order.
  var endedSections: [SectionCounter.Section] = []
}

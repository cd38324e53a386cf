import CatalogCollation

/// One grouping being built: its rows, put in list order by an `ExternalSorter`, then written
/// with their sections by a `ListBulkWriter`.
struct GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  let collation: Collation
  let sorter: ExternalSorter
  /// The builder's list among its key maker's lists.
  let list: Int

  /// Adds the row of an item, which `keys` has just keyed. Returns a full sort run, for
  /// `sorter.spill`.
  func add(item: Int, fields: [String], keys: ItemKeyMaker) -> SortRun? {
    sorter.add { record in
      let section = keys.appendRowKey(list: list, item: item, fields: fields, to: &record)
      RowOrderKey.appendSpelling(of: section, to: &record)
    }
  }

  /// Writes the rows in list order and the sections they fall into, merging and counting on a
  /// second thread while this one writes. Returns the number of sections.
  func finish(connection: Connection, shouldStop: @Sendable () -> Bool) throws(CatalogError)
    -> Int
  {
    let writer = try ListBulkWriter(
      connection: connection, groupingID: groupingID, grouping: grouping, collation: collation)
    var sectionCount = 0
    let merge = MergeTransfer(
      sorter: sorter,
      counter: SectionCounter(collation: collation, isLetterGrouping: grouping == .letters))
    try BoundedChannel<Result<RowBatch, CatalogError>>.pipe(capacity: 16) { channel in
      merge.sendInOrder(to: channel)
    } consume: { channel throws(CatalogError) in
      while let message = channel.receive() {
        if shouldStop() { throw .interrupted }
        let batch = try message.get()
        var failure: CatalogError?
        batch.keys.withUnsafeBytes { keys in
          do throws(CatalogError) {
            try writer.addRows(count: batch.keyEnds.count) { row in
              UnsafeRawBufferPointer(rebasing: keys[batch.keyRange(at: row)])
            }
          } catch {
            failure = error
          }
        }
        if let failure { throw failure }
        for section in batch.endedSections {
          try writer.addSection(section)
          sectionCount += 1
        }
      }
    }
    try writer.finish()
    return sectionCount
  }
}

/// Row keys in list order, a batch at a time, in one buffer; and the sections that ended with
/// them.
private struct RowBatch: Sendable {
  static let capacity = 1024
  var keys: [UInt8] = []
  /// Where each row's key ends in `keys`.
  var keyEnds: [Int] = []
  /// The sections whose last row is in this batch or an earlier one, in order.
  var endedSections: [SectionCounter.Section] = []

  func keyRange(at row: Int) -> Range<Int> {
    (row == 0 ? 0 : keyEnds[row - 1])..<keyEnds[row]
  }
}

/// Hands a sorter and a section counter to the merging thread, which alone uses them until it is
/// done; hence `@unchecked Sendable`.
private final class MergeTransfer: @unchecked Sendable {
  let sorter: ExternalSorter
  var counter: SectionCounter

  init(sorter: ExternalSorter, counter: SectionCounter) {
    self.sorter = sorter
    self.counter = counter
  }

  /// Sends the rows in list order, with the sections they end; stops early when the channel is
  /// closed.
  func sendInOrder(to channel: BoundedChannel<Result<RowBatch, CatalogError>>) {
    var batch = RowBatch()
    var open = true
    do throws(CatalogError) {
      try sorter.forEachInOrder { key in
        let row = RowOrderKey.decode(key)
        if let ended = counter.add(row) { batch.endedSections.append(ended) }
        batch.keys.append(contentsOf: row.key)
        batch.keyEnds.append(batch.keys.count)
        if batch.keyEnds.count == RowBatch.capacity {
          open = channel.send(.success(batch))
          batch = RowBatch()
        }
        return open
      }
      if let last = counter.finish() { batch.endedSections.append(last) }
      if open { _ = channel.send(.success(batch)) }
    } catch {
      _ = channel.send(.failure(error))
    }
  }
}

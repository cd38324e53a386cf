import CatalogCollation

/// One grouping being built: its rows, put in list order by an `ExternalSorter`, and its
/// sections with their first rows, counted from the rows in that order.
struct GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  let filer: SectionFiler
  let sorter: ExternalSorter
  /// Which of the keyer's collations orders this grouping.
  let collationIndex: Int

  /// Files an item, which `keyer` has just keyed, and adds its row. Returns a full sort run, for
  /// `sorter.spill`.
  func add(item: Int, fields: [String], keyer: ItemKeyer) -> SortRun? {
    let section = filer.file(
      fields: fields, letterPosition: keyer.letterPositions[collationIndex])
    return sorter.add {
      RowOrderKey.append(
        section: section, sortKey: keyer.sortKeys[collationIndex], item: item, to: &$0)
    }
  }

  /// Appends the rows in list order and the sections they fall into, with their counts and first
  /// rows, merging and counting on a second thread while this one writes. Returns the number of
  /// sections.
  func finish(connection: Connection) throws(CatalogError) -> Int {
    let firstRowID = try connection.prepare("SELECT coalesce(max(id), 0) + 1 FROM rows")
      .stepInteger()
    let insertRows = try MultiRowInsert(
      connection: connection, into: "rows", columns: ["grouping_id", "sort_key", "item"])
    let insertSection = try connection.prepare(
      """
      INSERT INTO sections (grouping_id, section, section_key, heading, letter, item_count, first_row)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """)
    var rowCount = 0
    var sectionCount = 0
    var sectionStart = 0
    let merge = MergeTransfer(
      sorter: sorter,
      counter: SectionCounter(collation: filer.collation, isLetterGrouping: grouping == .letters))
    try BoundedChannel<Result<RowBatch, CatalogError>>.pipe(capacity: 16) { channel in
      merge.sendInOrder(to: channel)
    } consume: { channel throws(CatalogError) in
      while let message = channel.receive() {
        let batch = try message.get()
        // Ids are left to SQLite, which appends each row as the greatest id so far plus one,
        // skipping the lookup an explicit id costs: the ids are consecutive from firstRowID.
        try insertRows.insert(count: batch.items.count) { statement, row, position in
          statement.bind(groupingID, at: position)
          statement.bind(batch.sortKey(at: row), at: position + 1)
          statement.bind(batch.items[row], at: position + 2)
        }
        rowCount += batch.items.count
        for section in batch.endedSections {
          try insertSection.bind(
            .integer(groupingID), .integer(sectionCount), section.key, .text(section.heading),
            .text(section.letter), .integer(section.count), .integer(sectionStart)
          ).run()
          sectionCount += 1
          sectionStart += section.count
        }
      }
    }
    assert(sectionStart == rowCount, "the sections count every row")
    try connection.prepare("UPDATE groupings SET first_row_id = ?, row_count = ? WHERE id = ?")
      .bind(.integer(firstRowID), .integer(rowCount), .integer(groupingID)).run()
    return sectionCount
  }
}

/// Rows in list order, a batch at a time, their sort keys in one buffer; and the sections that
/// ended with them.
private struct RowBatch: Sendable {
  static let capacity = 1024
  var sortKeys: [UInt8] = []
  /// Where each row's sort key ends in `sortKeys`.
  var sortKeyEnds: [Int] = []
  var items: [Int] = []
  /// The sections whose last row is in this batch or an earlier one, in order.
  var endedSections: [SectionCounter.Section] = []

  func sortKey(at row: Int) -> ArraySlice<UInt8> {
    sortKeys[(row == 0 ? 0 : sortKeyEnds[row - 1])..<sortKeyEnds[row]]
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
        batch.sortKeys.append(contentsOf: row.sortKey)
        batch.sortKeyEnds.append(batch.sortKeys.count)
        batch.items.append(row.item)
        if batch.items.count == RowBatch.capacity {
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

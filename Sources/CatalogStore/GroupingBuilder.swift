import CatalogCollation

/// One grouping being built: its rows, put in list order by a `RowSorter`, and its sections with
/// their first rows, as its filer counted them.
struct GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  let filer: SectionFiler
  let sorter: RowSorter
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

  /// Appends the rows in list order, merging on a second thread while this one writes, and writes
  /// the sections with their counts and first rows. Returns the number of sections.
  func finish(connection: Connection) throws(CatalogError) -> Int {
    let firstRowID = try connection.prepare("SELECT coalesce(max(id), 0) + 1 FROM rows")
      .stepInteger()
    let insertRows = try MultiRowInsert(
      connection: connection, into: "rows", columns: ["grouping_id", "sort_key", "item"])
    var rowCount = 0
    let sorter = SorterTransfer(sorter: sorter)
    try BoundedChannel<Result<RowBatch, CatalogError>>.pipe(capacity: 16) { channel in
      sorter.sendInOrder(to: channel)
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
      }
    }
    let sections = filer.sections()
    let insertSection = try connection.prepare(
      """
      INSERT INTO sections (grouping_id, section, section_key, heading, letter, item_count, first_row)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """)
    var firstRow = 0
    for (position, section) in sections.enumerated() {
      try insertSection.bind(
        .integer(groupingID), .integer(position), section.key, .text(section.heading),
        .text(section.letter), .integer(section.count), .integer(firstRow)
      ).run()
      firstRow += section.count
    }
    assert(firstRow == rowCount, "the sections count every row")
    try connection.prepare("UPDATE groupings SET first_row_id = ?, row_count = ? WHERE id = ?")
      .bind(.integer(firstRowID), .integer(firstRow), .integer(groupingID)).run()
    return sections.count
  }
}

/// Sort keys and items of rows in list order, a batch at a time, in one buffer.
private struct RowBatch: Sendable {
  static let capacity = 1024
  var sortKeys: [UInt8] = []
  /// Where each row's sort key ends in `sortKeys`.
  var sortKeyEnds: [Int] = []
  var items: [Int] = []

  func sortKey(at row: Int) -> ArraySlice<UInt8> {
    sortKeys[(row == 0 ? 0 : sortKeyEnds[row - 1])..<sortKeyEnds[row]]
  }
}

/// Hands a sorter to the merging thread, which alone uses it until it is done; hence
/// `@unchecked Sendable`.
private final class SorterTransfer: @unchecked Sendable {
  let sorter: RowSorter

  init(sorter: RowSorter) { self.sorter = sorter }

  /// Sends the rows' sort keys and items in list order; stops early when the channel is closed.
  func sendInOrder(to channel: BoundedChannel<Result<RowBatch, CatalogError>>) {
    var batch = RowBatch()
    var open = true
    do throws(CatalogError) {
      try sorter.forEachInOrder { key in
        let (sortKey, item) = RowOrderKey.decode(key)
        batch.sortKeys.append(contentsOf: sortKey)
        batch.sortKeyEnds.append(batch.sortKeys.count)
        batch.items.append(item)
        if batch.items.count == RowBatch.capacity {
          open = channel.send(.success(batch))
          batch = RowBatch()
        }
        return open
      }
      if open && !batch.items.isEmpty { _ = channel.send(.success(batch)) }
    } catch {
      _ = channel.send(.failure(error))
    }
  }
}

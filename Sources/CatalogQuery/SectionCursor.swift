import CatalogStore

/// The sections of a list in order, from a given one on, read a batch at a time.
public final class SectionCursor: Cursor {
  private let list: IndexedList
  private let statement: Statement
  private var nextSection: Int
  private var batch: [Section] = []
  private var batchPosition = 0
  private var isExhausted = false
  static let batchSize = 256

  init(list: IndexedList, from section: Int) throws(CatalogError) {
    self.list = list
    nextSection = section
    statement = try list.catalog.connection.prepare(
      """
      SELECT s.section, s.heading, coalesce(t.title, s.letter), s.item_count, s.first_row
      FROM sections s
      LEFT JOIN section_titles t
        ON t.grouping_id = s.grouping_id AND t.index_by = ?1 AND t.section = s.section
      WHERE s.grouping_id = ?2 AND s.section >= ?3
      ORDER BY s.section
      LIMIT ?4
      """)
  }

  public func next() throws -> Section? {
    if batchPosition == batch.count {
      guard !isExhausted else { return nil }
      try fetchBatch()
      guard !batch.isEmpty else { return nil }
    }
    defer { batchPosition += 1 }
    return batch[batchPosition]
  }

  private func fetchBatch() throws(CatalogError) {
    try statement.bind(
      .text(list.indexBy ?? ""), .integer(list.groupingID), .integer(nextSection),
      .integer(Self.batchSize))
    batch.removeAll(keepingCapacity: true)
    batchPosition = 0
    while try statement.step() {
      let heading = statement.text(at: 1)
      let note = list.note(forHeading: heading)
      batch.append(
        Section(
          index: statement.int(at: 0), heading: heading, indexTitle: statement.text(at: 2),
          count: statement.int(at: 3), firstRow: statement.int(at: 4), header: note?.header,
          footer: note?.footer))
    }
    isExhausted = batch.count < Self.batchSize
    nextSection = (batch.last?.index ?? nextSection) + 1
  }
}

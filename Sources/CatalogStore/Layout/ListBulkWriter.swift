import CatalogCollation

/// Writes a new list whose rows arrive in list order: the rows, 64 per statement; each section
/// as it ends, with the tallies of its spellings; and the block counts of `BlockTree`. What an
/// import and a rebuild do; a single write goes through `ListLayout` instead.
final class ListBulkWriter {
  private let connection: any DatabaseConnection
  private let listID: Int
  private let collation: Collation
  private let column: String?
  private let insertRows: any BulkInsert
  private let sections: BufferedInsert
  private let spellings: BufferedInsert
  private var blocks: BlockTreeBuilder
  private var currentSection: [UInt8] = []

  /// Starts writing the list of `listID`, which must be empty.
  init(
    connection: any DatabaseConnection, listID: Int, grouping: Grouping, collation: Collation
  )
    throws(CatalogError)
  {
    self.connection = connection
    self.listID = listID
    self.collation = collation
    column = grouping.column
    insertRows = try connection.makeBulkInsert(
      into: "rows", columns: ["grouping_id", "key", "item"])
    sections = try BufferedInsert(
      connection: connection, into: "sections",
      columns: ["grouping_id", "key", "heading", "letter", "item_count"])
    spellings = try BufferedInsert(
      connection: connection, into: "section_values",
      columns: ["grouping_id", "column_name", "section", "value", "sort_key", "count"])
    blocks = try BlockTreeBuilder(
      tree: BlockTree(connection: connection, listID: listID))
  }

  /// Writes rows that follow the ones written so far in list order; the keys are read in place.
  func addRows(count: Int, key: (Int) -> UnsafeRawBufferPointer) throws(CatalogError) {
    for row in 0..<count {
      let rowKey = key(row)
      let section = UnsafeRawBufferPointer(rebasing: rowKey[..<ListKey.sectionLength(of: rowKey)])
      if !section.elementsEqual(currentSection) {
        currentSection = Array(section)
        try blocks.add(key: section, isSection: true)
      }
      try blocks.add(key: rowKey, isSection: false)
    }
    try insertRows.insert(count: count) { statement, row, position in
      let rowKey = key(row)
      statement.bind(listID, at: position)
      statement.bind(borrowing: rowKey, at: position + 1)
      statement.bind(ListKey.item(ofRow: rowKey), at: position + 2)
    }
  }

  /// Writes a section whose rows have all been written.
  func addSection(_ section: SectionCounter.Section) throws(CatalogError) {
    try sections.append(
      .integer(listID), .blob(section.key), .text(section.heading), .text(section.letter),
      .integer(section.count))
    guard let column else { return }
    for (spelling, count) in section.spellings {
      try spellings.append(
        .integer(listID), .text(column), .blob(section.key), .text(spelling),
        .blob(collation.sortKey(for: spelling)), .integer(count))
    }
  }

  /// Writes the sections and block counts that wait; the list is complete.
  func finish() throws(CatalogError) {
    try sections.flush()
    try spellings.flush()
    try blocks.finish()
  }
}

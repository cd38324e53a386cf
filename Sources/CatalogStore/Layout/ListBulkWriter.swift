/// Writes a new list whose rows arrive in list order: the rows, 64 per statement; each section
/// as it ends, with the tallies of its spellings; and the nodes of its `BlockTree`. What an import
/// and a rebuild do; a single write goes through `ListLayout` instead. It only writes: the rows'
/// sections, items and nodes are worked out beside it (`ListSort`), as SQLite takes one writer.
final class ListBulkWriter {
  private let listID: Int
  private let column: String?
  private let insertRows: any BulkInsert
  private let sections: BufferedInsert
  private let spellings: BufferedInsert
  private let nodes: BufferedInsert

  /// Starts writing the list of `listID`, which must be empty.
  init(connection: any DatabaseConnection, listID: Int, grouping: Grouping)
    throws(CatalogError)
  {
    self.listID = listID
    column = grouping.column
    insertRows = try connection.makeBulkInsert(
      into: "rows", columns: ["grouping_id", "key", "item"])
    sections = try BufferedInsert(
      connection: connection, into: "sections",
      columns: ["grouping_id", "key", "heading", "letter", "item_count"])
    spellings = try BufferedInsert(
      connection: connection, into: "section_values",
      columns: ["grouping_id", "column_name", "section", "value", "sort_key", "count"])
    nodes = try BufferedInsert(
      connection: connection, into: "row_blocks",
      columns: ["grouping_id", "level", "first_key", "row_count", "section_count"])
  }

  /// Writes rows that follow the ones written so far in list order: their keys, read in place,
  /// and their items.
  func addRows(count: Int, key: (Int) -> UnsafeRawBufferPointer, item: (Int) -> Int)
    throws(CatalogError)
  {
    try insertRows.insert(count: count) { statement, row, position in
      statement.bind(listID, at: position)
      statement.bind(borrowing: key(row), at: position + 1)
      statement.bind(item(row), at: position + 2)
    }
  }

  /// Writes a section whose rows have all been written.
  func addSection(_ section: SectionCounter.Section) throws(CatalogError) {
    try sections.append(
      .integer(listID), .blob(section.key), .text(section.heading), .text(section.letter),
      .integer(section.count))
    guard let column else { return }
    for spelling in section.spellings {
      try spellings.append(
        .integer(listID), .text(column), .blob(section.key), .text(spelling.spelling),
        .blob(spelling.sortKey), .integer(spelling.count))
    }
  }

  /// Writes nodes of the list's block tree (`BlockTreeBuilder`).
  func addNodes(_ added: [BlockTreeBuilder.Node]) throws(CatalogError) {
    for node in added {
      try nodes.append(
        .integer(listID), .integer(node.level), .blob(node.firstKey),
        .integer(node.counts.rows), .integer(node.counts.sections))
    }
  }

  /// Writes the sections and nodes that wait; the list is complete.
  func finish() throws(CatalogError) {
    try sections.flush()
    try spellings.flush()
    try nodes.flush()
  }
}

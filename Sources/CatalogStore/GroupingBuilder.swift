import CatalogCollation

/// One grouping being built: its rows in list order and its sections with their first rows, from
/// the keys in `BuildKeys` and the sections its filer counted.
struct GroupingBuilder {
  let groupingID: Int
  let grouping: Grouping
  let filer: SectionFiler
  /// The columns of `BuildKeys` that hold this grouping's section and sort keys.
  let sectionColumn: String
  let sortKeyColumn: String

  /// Appends the rows in list order (a blank value's NULL section key sorts last) and writes the
  /// sections with their counts and first rows. Returns the number of sections.
  func finish(connection: Connection, keys: BuildKeys) throws(CatalogError) -> Int {
    let firstRowID = try connection.prepare("SELECT coalesce(max(id), 0) + 1 FROM rows")
      .stepInteger()
    let insertRow = try connection.prepare(
      "INSERT INTO rows (id, grouping_id, sort_key, item) VALUES (?, ?, ?, ?)")
    var rowID = firstRowID
    let (sectionColumn, sortKeyColumn) = (sectionColumn, sortKeyColumn)
    try BoundedChannel<Result<BuildKeys.Batch, CatalogError>>.pipe(capacity: 16) { channel in
      do throws(CatalogError) {
        try keys.sendInOrder(sectionColumn: sectionColumn, sortKeyColumn: sortKeyColumn) {
          channel.send(.success($0))
        }
      } catch {
        _ = channel.send(.failure(error))
      }
    } consume: { channel throws(CatalogError) in
      while let message = channel.receive() {
        try message.get().forEach { sortKey, item throws(CatalogError) in
          insertRow.reset()
          insertRow.bind(rowID, at: 1)
          insertRow.bind(groupingID, at: 2)
          insertRow.bind(sortKey, at: 3)
          insertRow.bind(item, at: 4)
          try insertRow.run()
          rowID += 1
        }
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
    try connection.prepare("UPDATE groupings SET first_row_id = ?, row_count = ? WHERE id = ?")
      .bind(.integer(firstRowID), .integer(firstRow), .integer(groupingID)).run()
    return sections.count
  }
}
